import { assign, fromPromise, sendTo, setup } from 'xstate';
import { ERROR_CODES } from '../../contract/errors';
import { REMOTE_CONTROL, type RemoteCommand, type RemoteControlSession } from '../../contract/remote-control';
import { failureAlert } from '../alerts/failure-alert';
import type { CallFailure } from '../session/session.types';

/** Why remote control is refused (§5, 8.3): the console's dialog says which. */
export type RefusalReason = 'offline' | 'not_mqtt';

/** Where a remote control starts: a device (the device pages) or a payload (the standalone page). */
export type RemoteControlInput =
  | { serial_number: string; protocol?: string; status?: string }
  | { session_id: string; payload: string; serial_number: string; device_name: string };

/** What a command asks (PATCH …/sessions/{session_id}). */
export interface CommandRequest {
  session_id: string;
  payload: string;
  command: RemoteCommand;
  relay?: number;
  button?: number;
}

export interface RemoteControlContext {
  serial: string;
  /** The open session (after opening, or from the payload); its screen and expiry. */
  session: RemoteControlSession | null;
  refusal: RefusalReason | null;
  /** The command under way (views mark its button busy). */
  pending: Omit<CommandRequest, 'session_id' | 'payload'> | null;
}

export type RemoteControlEvent =
  | { type: 'command'; command: Exclude<RemoteCommand, 'close'>; relay?: number; button?: number }
  | { type: 'close' }
  /** From expired or failed: open a new session on the same device. */
  | { type: 'retry' };

const codeOf = (error: unknown) => (error as CallFailure | undefined)?.code;

/** A failure that means the device cannot be driven (8.2 → 8.3's dialog). */
export function refusalOf(error: unknown): RefusalReason | null {
  if (codeOf(error) === ERROR_CODES.deviceOffline) return 'offline';
  if (codeOf(error) === ERROR_CODES.protocolNotMqtt) return 'not_mqtt';
  return null;
}

const blankSession = (input: Extract<RemoteControlInput, { payload: string }>): RemoteControlSession => ({
  session_id: input.session_id,
  payload: input.payload,
  serial_number: input.serial_number,
  device_name: input.device_name,
  device_id: 0,
  device_type: '',
  screen: 'unknown',
  expires_at: '',
});

/** Where the failure of a call is read from. */
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** A call met 8.2's "device offline" or "protocol not mqtt": 8.3's dialog, whichever state called. */
const toRefused = {
  guard: { type: 'isRefusal' as const, params: errorOf },
  target: 'refused' as const,
  actions: {
    type: 'setRefusal' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ reason: refusalOf(event.error) as RefusalReason }),
  },
};

/** The server no longer knows the session (404): expired. */
const toExpired = { guard: { type: 'isGone' as const, params: errorOf }, target: 'expired' as const };

/** A call answered the session (and its fresh screen): driving it. */
const toActive = {
  target: 'active' as const,
  actions: {
    type: 'setSession' as const,
    params: ({ event }: { event: { output: RemoteControlSession } }) => ({ session: event.output }),
  },
};

/** The input of a command on the open session. */
const onSession =
  (command: (context: RemoteControlContext) => Omit<CommandRequest, 'session_id' | 'payload'>) =>
  ({ context }: { context: RemoteControlContext }): CommandRequest => ({
    session_id: context.session?.session_id ?? '',
    payload: context.session?.payload ?? '',
    ...command(context),
  });

/**
 * Remote control of a device (7.4; §5; 8.3): refused at once when the console already knows
 * the device is not mqtt or not online (the dialog with a close button only), else opening (PUT
 * session) → active, where commands run one at a time (commanding) and each answer refreshes
 * the screen; REMOTE_CONTROL.idleSeconds without a command → expired (the server ends it too).
 * The standalone page starts from a payload: resuming asks the screen first. A session the
 * server no longer knows (404) is expired; `close` ends it on the server.
 */
export const remoteControlMachine = setup({
  types: {
    context: {} as RemoteControlContext,
    events: {} as RemoteControlEvent,
    input: {} as RemoteControlInput,
  },
  actors: {
    open: fromPromise<RemoteControlSession, { serial_number: string }>(() => new Promise(() => {})),
    command: fromPromise<RemoteControlSession, CommandRequest>(() => new Promise(() => {})),
  },
  delays: {
    idle: REMOTE_CONTROL.idleSeconds * 1000,
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: { kind: 'error'; code: string; params?: Record<string, string | number> }) => ({
        type: 'alert.show' as const,
        ...params,
      }),
    ),
    setSession: assign((_, params: { session: RemoteControlSession }) => ({ session: params.session, pending: null })),
    setRefusal: assign((_, params: { reason: RefusalReason }) => ({ refusal: params.reason })),
    setPending: assign((_, params: RemoteControlContext['pending']) => ({ pending: params })),
    clearPending: assign({ pending: null }),
    forgetSession: assign({ session: null, pending: null }),
  },
  guards: {
    knownNotMqtt: ({ context }) => context.refusal === 'not_mqtt',
    knownOffline: ({ context }) => context.refusal === 'offline',
    fromPayload: ({ context }) => context.session !== null,
    isRefusal: (_, params: { error: unknown }) => refusalOf(params.error) !== null,
    isGone: (_, params: { error: unknown }) => (params.error as CallFailure | undefined)?.status === 404,
  },
}).createMachine({
  id: 'remoteControl',
  context: ({ input }) => {
    if ('payload' in input)
      return { serial: input.serial_number, session: blankSession(input), refusal: null, pending: null };
    // §5: what the console knows already decides without a call.
    const refusal: RefusalReason | null =
      input.protocol !== undefined && input.protocol !== 'mqtt'
        ? 'not_mqtt'
        : input.status !== undefined && input.status !== 'online'
          ? 'offline'
          : null;
    return { serial: input.serial_number, session: null, refusal, pending: null };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'knownNotMqtt', target: 'refused' },
        { guard: 'knownOffline', target: 'refused' },
        { guard: 'fromPayload', target: 'resuming' },
        { target: 'opening' },
      ],
    },
    opening: {
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ serial_number: context.serial }),
        onDone: toActive,
        onError: [
          toRefused,
          { target: 'failed', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
        ],
      },
    },
    /** The standalone page: the payload's session, its screen asked first. */
    resuming: {
      invoke: {
        id: 'command',
        src: 'command',
        input: onSession(() => ({ command: 'screen.state' })),
        onDone: toActive,
        onError: [
          toExpired,
          toRefused,
          { target: 'failed', actions: { type: 'alert', params: ({ event }) => failureAlert(event.error) } },
        ],
      },
    },
    /** Driving: each command (re)starts the idle timer. */
    active: {
      after: { idle: 'expired' },
      on: {
        command: {
          target: 'commanding',
          actions: {
            type: 'setPending',
            params: ({ event }) => ({
              command: event.command,
              ...(event.relay !== undefined ? { relay: event.relay } : {}),
              ...(event.button !== undefined ? { button: event.button } : {}),
            }),
          },
        },
        close: 'closing',
      },
    },
    commanding: {
      invoke: {
        id: 'command',
        src: 'command',
        input: onSession((context) => context.pending ?? { command: 'screen.state' }),
        onDone: toActive,
        onError: [
          toExpired,
          toRefused,
          {
            target: 'active',
            actions: ['clearPending', { type: 'alert', params: ({ event }) => failureAlert(event.error) }],
          },
        ],
      },
    },
    closing: {
      invoke: {
        id: 'command',
        src: 'command',
        input: onSession(() => ({ command: 'close' })),
        // Closed either way: a session the server lost is closed too.
        onDone: { target: 'closed', actions: 'forgetSession' },
        onError: { target: 'closed', actions: 'forgetSession' },
      },
    },
    closed: {},
    expired: {
      entry: 'forgetSession',
      on: { retry: 'opening' },
    },
    /** 8.3: the device is offline or not an mqtt device; the dialog has a close button only. */
    refused: {
      entry: 'forgetSession',
    },
    failed: {
      entry: 'forgetSession',
      on: { retry: 'opening' },
    },
  },
});

export type RemoteControlMachine = typeof remoteControlMachine;
