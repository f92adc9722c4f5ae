import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { IpBlockService } from '../../contract/entities/ip-blocking';
import { failureAlert } from '../alerts/failure-alert';

/** What an unban lifts: one address's ban for one service, or every ban (of one service, or of both). */
export type UnbanTarget =
  | { kind: 'one'; ip: string; service: IpBlockService }
  | { kind: 'all'; service: IpBlockService | null };

/** What the server answered: how many bans were lifted. */
export interface UnbanAnswer {
  unbanned: number;
}

export interface IpUnbanContext {
  /** What the open confirmation (or the running call) lifts; null when idle. */
  target: UnbanTarget | null;
}

export type IpUnbanEvent =
  /** Asks to lift: a confirmation opens first. */
  | { type: 'unban.requested'; target: UnbanTarget }
  /** Unban all: which service the confirmation lifts (null: both). */
  | { type: 'unban.serviceChosen'; service: IpBlockService | null }
  | { type: 'unban.confirmed' }
  | { type: 'unban.cancelled' };

type AlertParams = { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> };

/** The success alert of a finished unban (codes of the ipBlocking namespace; views translate). */
export function unbannedAlert(target: UnbanTarget, answer: UnbanAnswer): AlertParams {
  if (target.kind === 'one')
    return { kind: 'success', code: `ipBlocking:alerts.unbanned.${target.service}`, params: { ip: target.ip } };
  return {
    kind: 'success',
    code: `ipBlocking:alerts.unbannedAll.${target.service ?? 'any'}`,
    params: { count: answer.unbanned },
  };
}

/**
 * Lifting IP bans (7.8): one address for one service, or all bans (of one
 * service, or of both), each behind a confirmation. idle → confirming →
 * unbanning → idle; the outcome is told with an alert (the count the server
 * lifted, or the failure's code). The `unban` effect also tells the page's
 * lists and status that the bans changed (src/services/areas/security.ts).
 */
export const ipUnbanMachine = setup({
  types: { context: {} as IpUnbanContext, events: {} as IpUnbanEvent },
  actors: {
    unban: fromPromise<UnbanAnswer, UnbanTarget>(() => new Promise(() => {})),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setTarget: assign((_, params: { target: UnbanTarget }) => ({ target: params.target })),
    chooseService: assign(({ context }, params: { service: IpBlockService | null }) => ({
      target: context.target?.kind === 'all' ? { kind: 'all' as const, service: params.service } : context.target,
    })),
    forgetTarget: assign({ target: null }),
  },
  guards: {
    isUnbanAll: ({ context }) => context.target?.kind === 'all',
  },
}).createMachine({
  id: 'ipUnban',
  context: { target: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'unban.requested': {
          target: 'confirming',
          actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) },
        },
      },
    },
    /** The confirmation is open: it names the address and service, or how many bans go. */
    confirming: {
      on: {
        'unban.serviceChosen': {
          guard: 'isUnbanAll',
          actions: { type: 'chooseService', params: ({ event }) => ({ service: event.service }) },
        },
        'unban.confirmed': 'unbanning',
        'unban.cancelled': { target: 'idle', actions: 'forgetTarget' },
      },
    },
    unbanning: {
      invoke: {
        id: 'unban',
        src: 'unban',
        // Only `confirming` leads here, and it always holds a target.
        input: ({ context }) => context.target as UnbanTarget,
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'alert',
              params: ({ context, event }) => unbannedAlert(context.target as UnbanTarget, event.output),
            },
            'forgetTarget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'alert', params: ({ event }) => failureAlert(event.error) }, 'forgetTarget'],
        },
      },
    },
  },
});

export type IpUnbanMachine = typeof ipUnbanMachine;
