import { assign, fromPromise, setup } from 'xstate';
import { LICENCE_KEY_PATTERN, type LicencePreview } from '../../contract/entities/licence';
import type { CallFailure } from '../session/session.types';

/**
 * Adding licences (7.8 "add from file", "add from cloud"): choose a licence file (or type the
 * key the licence server knows the project by) → checking (the server verifies the signature,
 * this installation, the period, and answers what would change) → preview (each licence, the
 * features and counts before and after) → applying → done, or failed with the server's reason
 * (retry, or back to the choice). A failed check returns to the choice with its reason and
 * everything kept, so the same button retries it. Nothing is added before Apply.
 */
export type LicenceSource = 'file' | 'server';

export interface LicenceAddRequest {
  source: LicenceSource;
  file: File | null;
  key: string;
}

export interface LicenceAddContext extends LicenceAddRequest {
  preview: LicencePreview | null;
  /** Ids of the licences added. */
  added: number[];
  failure: CallFailure | null;
}

export type LicenceAddEvent =
  | { type: 'licence.sourceChosen'; source: LicenceSource }
  | { type: 'licence.fileChosen'; file: File | null }
  | { type: 'licence.keyChanged'; key: string }
  | { type: 'licence.check' }
  | { type: 'licence.apply' }
  | { type: 'licence.back' }
  | { type: 'licence.retry' }
  | { type: 'licence.again' };

export const emptyLicenceAddContext = (source: LicenceSource = 'file'): LicenceAddContext => ({
  source,
  file: null,
  key: '',
  preview: null,
  added: [],
  failure: null,
});

/** What the check and the apply send: the chosen source and its file or key. */
export const requestOf = (c: LicenceAddContext): LicenceAddRequest => ({
  source: c.source,
  file: c.file,
  key: c.key.trim(),
});

export const licenceAddMachine = setup({
  types: {
    context: {} as LicenceAddContext,
    events: {} as LicenceAddEvent,
    input: {} as { source?: LicenceSource } | undefined,
  },
  actors: {
    check: fromPromise<LicencePreview, LicenceAddRequest>(() => new Promise(() => {})),
    apply: fromPromise<{ ids: number[] }, LicenceAddRequest>(() => new Promise(() => {})),
  },
  actions: {
    alert: (_, _params: { kind: 'error' | 'success'; code: string; params?: Record<string, string | number> }) => {},
    /** The licences changed: the list, the state and the menu (features) follow. */
    added: () => {},
    setSource: assign((_, params: { source: LicenceSource }) => ({ source: params.source, failure: null })),
    setFile: assign((_, params: { file: File | null }) => ({ file: params.file, failure: null })),
    setKey: assign((_, params: { key: string }) => ({ key: params.key, failure: null })),
    clearFailure: assign({ failure: null }),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    takePreview: assign((_, params: { preview: LicencePreview }) => ({ preview: params.preview })),
    dropPreview: assign({ preview: null }),
    takeAdded: assign((_, params: { ids: number[] }) => ({ added: params.ids })),
    startOver: assign(({ context }) => emptyLicenceAddContext(context.source)),
  },
  guards: {
    canCheck: ({ context }) =>
      context.source === 'file' ? context.file !== null : LICENCE_KEY_PATTERN.test(context.key.trim()),
  },
}).createMachine({
  id: 'licenceAdd',
  context: ({ input }) => emptyLicenceAddContext(input?.source),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'licence.sourceChosen': { actions: { type: 'setSource', params: ({ event }) => ({ source: event.source }) } },
        'licence.fileChosen': { actions: { type: 'setFile', params: ({ event }) => ({ file: event.file }) } },
        'licence.keyChanged': { actions: { type: 'setKey', params: ({ event }) => ({ key: event.key }) } },
        'licence.check': { guard: 'canCheck', target: 'checking', actions: 'clearFailure' },
      },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'preview',
          actions: { type: 'takePreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: {
          target: 'choosing',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    preview: {
      on: {
        'licence.apply': { target: 'applying', actions: 'clearFailure' },
        'licence.back': { target: 'choosing', actions: 'dropPreview' },
      },
    },
    applying: {
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'done',
          actions: [
            { type: 'takeAdded', params: ({ event }) => ({ ids: event.output.ids }) },
            'added',
            {
              type: 'alert',
              params: ({ event }) => ({
                kind: 'success',
                code: 'licences:add.done',
                params: { count: event.output.ids.length },
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
            { type: 'alert', params: ({ event }) => ({ kind: 'error', code: (event.error as CallFailure).code }) },
          ],
        },
      },
    },
    failed: {
      on: {
        'licence.retry': { target: 'applying', actions: 'clearFailure' },
        'licence.back': { target: 'choosing', actions: 'dropPreview' },
      },
    },
    done: {
      on: { 'licence.again': { target: 'choosing', actions: 'startOver' } },
    },
  },
});
export type LicenceAddMachine = typeof licenceAddMachine;
