import { assign, fromPromise, setup } from 'xstate';
import type { AccessExplain } from '../../contract/entities/access-explain';
import type { CallFailure } from '../session/session.types';

/** Who is asked about: a user (all their rules) or one identifier. `label` is what the page shows. */
export interface ExplainSubject {
  kind: 'user' | 'identifier';
  id: number;
  label: string;
}

/** Where: a device and one of its locks. */
export interface ExplainDoor {
  device_id: number;
  device_name: string;
  lock: number;
}

/** The query of GET /access/explain as the machine builds it (no `at`: now, at the server). */
export interface ExplainQuery {
  device_id: number;
  lock: number;
  user_id?: number;
  identifier_id?: number;
  at?: string;
}

export interface AccessExplainInput {
  /** The device page fixes the door (lock 1 first); the user page fixes the user. */
  door?: ExplainDoor | null;
  subject?: ExplainSubject | null;
}

export interface AccessExplainContext {
  subject: ExplainSubject | null;
  door: ExplainDoor | null;
  /** The instant asked about (ISO); null: now. */
  at: string | null;
  /** The server's decision and reason chain, while answered. */
  answer: AccessExplain | null;
  /** The answer before the last what-if change, to compare with the new one. */
  previous: AccessExplain | null;
  failure: CallFailure | null;
}

export type AccessExplainEvent =
  | { type: 'explain.subjectPicked'; subject: ExplainSubject | null }
  | { type: 'explain.doorPicked'; door: Omit<ExplainDoor, 'lock'> | null }
  | { type: 'explain.lockChanged'; lock: number }
  | { type: 'explain.timeChanged'; at: string | null }
  | { type: 'explain.ask' }
  | { type: 'explain.retry' }
  /** Back to choosing: the answer and the what-if comparison go. */
  | { type: 'explain.reset' };

/** The query of a complete choice (a subject and a door), else null. */
export function queryOf(context: Pick<AccessExplainContext, 'subject' | 'door' | 'at'>): ExplainQuery | null {
  const { subject, door, at } = context;
  if (!subject || !door) return null;
  return {
    device_id: door.device_id,
    lock: door.lock,
    ...(subject.kind === 'user' ? { user_id: subject.id } : { identifier_id: subject.id }),
    ...(at ? { at } : {}),
  };
}

/**
 * "Who can open this door?" / "What can this user open?" over GET /access/explain: choosing (a
 * subject, a door and lock, a time: now by default) → asking → answered (the decision, its reason
 * and the chain of rules and schedules behind it) or failed (the server's message). Once answered,
 * every change is a what-if and is asked at once, the previous answer kept to compare; a change
 * while asking asks again with the new choice. A choice that is no longer complete (a subject
 * cleared) goes back to choosing.
 */
export const accessExplainMachine = setup({
  types: {
    context: {} as AccessExplainContext,
    events: {} as AccessExplainEvent,
    input: {} as AccessExplainInput,
  },
  actors: {
    explain: fromPromise<AccessExplain, ExplainQuery>(() => new Promise(() => {})),
  },
  guards: {
    isComplete: ({ context }) => queryOf(context) !== null,
    /** The choice stays complete with this subject. */
    completesWithSubject: ({ context }, params: { subject: ExplainSubject | null }) =>
      params.subject !== null && context.door !== null,
    /** The choice stays complete with this door. */
    completesWithDoor: ({ context }, params: { door: Omit<ExplainDoor, 'lock'> | null }) =>
      params.door !== null && context.subject !== null,
  },
  actions: {
    setSubject: assign((_, params: { subject: ExplainSubject | null }) => ({ subject: params.subject })),
    setDoor: assign(({ context }, params: { door: Omit<ExplainDoor, 'lock'> | null }) => ({
      // Another device starts on its first lock; the same device keeps the lock chosen.
      door: params.door
        ? {
            ...params.door,
            lock: context.door?.device_id === params.door.device_id ? context.door.lock : 1,
          }
        : null,
    })),
    setLock: assign(({ context }, params: { lock: number }) => ({
      door: context.door ? { ...context.door, lock: params.lock } : null,
    })),
    setTime: assign((_, params: { at: string | null }) => ({ at: params.at })),
    setAnswer: assign((_, params: { answer: AccessExplain }) => ({ answer: params.answer, failure: null })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    /** A what-if: the answer shown becomes the one to compare with. */
    keepPrevious: assign(({ context }) => ({ previous: context.answer ?? context.previous, answer: null })),
    clearFailure: assign({ failure: null }),
    forget: assign({ answer: null, previous: null, failure: null }),
  },
}).createMachine({
  id: 'accessExplain',
  context: ({ input }) => ({
    subject: input.subject ?? null,
    door: input.door ?? null,
    at: null,
    answer: null,
    previous: null,
    failure: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'explain.subjectPicked': {
          actions: { type: 'setSubject', params: ({ event }) => ({ subject: event.subject }) },
        },
        'explain.doorPicked': { actions: { type: 'setDoor', params: ({ event }) => ({ door: event.door }) } },
        'explain.lockChanged': { actions: { type: 'setLock', params: ({ event }) => ({ lock: event.lock }) } },
        'explain.timeChanged': { actions: { type: 'setTime', params: ({ event }) => ({ at: event.at }) } },
        'explain.ask': { guard: 'isComplete', target: 'asking' },
      },
    },
    asking: {
      invoke: {
        id: 'explain',
        src: 'explain',
        input: ({ context }) => queryOf(context) as ExplainQuery,
        onDone: {
          target: 'answered',
          actions: { type: 'setAnswer', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
      // A change while asking asks again with it (the running question is dropped).
      on: {
        'explain.subjectPicked': [
          {
            guard: { type: 'completesWithSubject', params: ({ event }) => ({ subject: event.subject }) },
            target: 'asking',
            reenter: true,
            actions: { type: 'setSubject', params: ({ event }) => ({ subject: event.subject }) },
          },
          {
            target: 'choosing',
            actions: ['forget', { type: 'setSubject', params: ({ event }) => ({ subject: event.subject }) }],
          },
        ],
        'explain.doorPicked': [
          {
            guard: { type: 'completesWithDoor', params: ({ event }) => ({ door: event.door }) },
            target: 'asking',
            reenter: true,
            actions: { type: 'setDoor', params: ({ event }) => ({ door: event.door }) },
          },
          {
            target: 'choosing',
            actions: ['forget', { type: 'setDoor', params: ({ event }) => ({ door: event.door }) }],
          },
        ],
        'explain.lockChanged': {
          target: 'asking',
          reenter: true,
          actions: { type: 'setLock', params: ({ event }) => ({ lock: event.lock }) },
        },
        'explain.timeChanged': {
          target: 'asking',
          reenter: true,
          actions: { type: 'setTime', params: ({ event }) => ({ at: event.at }) },
        },
      },
    },
    answered: {
      on: {
        'explain.subjectPicked': [
          {
            guard: { type: 'completesWithSubject', params: ({ event }) => ({ subject: event.subject }) },
            target: 'asking',
            actions: ['keepPrevious', { type: 'setSubject', params: ({ event }) => ({ subject: event.subject }) }],
          },
          {
            target: 'choosing',
            actions: ['forget', { type: 'setSubject', params: ({ event }) => ({ subject: event.subject }) }],
          },
        ],
        'explain.doorPicked': [
          {
            guard: { type: 'completesWithDoor', params: ({ event }) => ({ door: event.door }) },
            target: 'asking',
            actions: ['keepPrevious', { type: 'setDoor', params: ({ event }) => ({ door: event.door }) }],
          },
          {
            target: 'choosing',
            actions: ['forget', { type: 'setDoor', params: ({ event }) => ({ door: event.door }) }],
          },
        ],
        'explain.lockChanged': {
          target: 'asking',
          actions: ['keepPrevious', { type: 'setLock', params: ({ event }) => ({ lock: event.lock }) }],
        },
        'explain.timeChanged': {
          target: 'asking',
          actions: ['keepPrevious', { type: 'setTime', params: ({ event }) => ({ at: event.at }) }],
        },
        // Asked again as it is (now has moved on).
        'explain.ask': { target: 'asking', actions: 'keepPrevious' },
        'explain.reset': { target: 'choosing', actions: 'forget' },
      },
    },
    failed: {
      on: {
        'explain.retry': { target: 'asking', actions: 'clearFailure' },
        'explain.subjectPicked': [
          {
            guard: { type: 'completesWithSubject', params: ({ event }) => ({ subject: event.subject }) },
            target: 'asking',
            actions: ['clearFailure', { type: 'setSubject', params: ({ event }) => ({ subject: event.subject }) }],
          },
          {
            target: 'choosing',
            actions: ['forget', { type: 'setSubject', params: ({ event }) => ({ subject: event.subject }) }],
          },
        ],
        'explain.doorPicked': [
          {
            guard: { type: 'completesWithDoor', params: ({ event }) => ({ door: event.door }) },
            target: 'asking',
            actions: ['clearFailure', { type: 'setDoor', params: ({ event }) => ({ door: event.door }) }],
          },
          {
            target: 'choosing',
            actions: ['forget', { type: 'setDoor', params: ({ event }) => ({ door: event.door }) }],
          },
        ],
        'explain.lockChanged': {
          target: 'asking',
          actions: ['clearFailure', { type: 'setLock', params: ({ event }) => ({ lock: event.lock }) }],
        },
        'explain.timeChanged': {
          target: 'asking',
          actions: ['clearFailure', { type: 'setTime', params: ({ event }) => ({ at: event.at }) }],
        },
        'explain.reset': { target: 'choosing', actions: 'forget' },
      },
    },
  },
});

export type AccessExplainMachine = typeof accessExplainMachine;
