import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { SIP_RETRY_AFTER_ERROR_MS, SIP_RETRY_AFTER_INVALID_REGISTRATION_MS } from '../../contract/constants';

/** The SIP account the softphone registers with (the profile's SIP number and the server settings, 7.11). */
export interface SipAccount {
  number: string;
  password: string;
  /** Display name: the number's name, else the user's name. */
  displayName: string;
  /** sip_proxy_host of the server settings; also the digest realm. */
  host: string;
  /** The secure websocket port (8443 unless the server says otherwise). */
  port: number;
}

/**
 * Registration statuses of section 4, plus the media-access step that comes
 * first (5: the dialer starts only when media access is approved).
 */
export type RegistrationStatus =
  | 'requestingMedia'
  | 'mediaDenied'
  | 'registering'
  | 'registered'
  | 'unregistering'
  | 'unregistered'
  | 'error'
  | 'invalid_registration';

/** Commands the registration sends its user agent actor (JsSIP in the services). */
export type UserAgentCommand = { type: 'ua.register' } | { type: 'ua.unregister' };

export type SipRegistrationEvent =
  /** Facts from the user agent. */
  | { type: 'sip.registered' }
  | { type: 'sip.unregistered' }
  | { type: 'sip.registrationFailed'; cause: string }
  | { type: 'sip.disconnected'; cause: string }
  /** The user takes the softphone offline or back online. */
  | { type: 'registration.start' }
  | { type: 'registration.stop' }
  /** Ask for microphone access again after a refusal. */
  | { type: 'media.retry' };

export interface SipRegistrationContext {
  account: SipAccount;
  /** Why registration or media access failed last (SIP cause or media error name). */
  cause: string | null;
}

/** What the registration tells the dialer (its button shows the status). */
export type RegistrationChangedEvent = { type: 'registration.changed'; status: RegistrationStatus };

const report = (status: RegistrationStatus) => ({ type: 'report', params: { status } }) as const;
const keepCause = { type: 'keepCause', params: ({ event }: { event: SipRegistrationEvent }) => ({ event }) } as const;

/**
 * SIP registration of the softphone (4): media access first, then a user agent
 * over WSS that registers the user's number. On a transport error it retries
 * after 5 s, on a refused registration after 30 s; never while registering or
 * when the user took it offline.
 */
export const sipRegistrationMachine = setup({
  types: {
    context: {} as SipRegistrationContext,
    events: {} as SipRegistrationEvent,
    input: {} as { account: SipAccount },
  },
  actors: {
    requestMedia: fromPromise<void>(() => new Promise(() => {})),
    userAgent: fromCallback<UserAgentCommand, SipAccount>(() => () => {}),
  },
  delays: {
    retryAfterError: SIP_RETRY_AFTER_ERROR_MS,
    retryAfterInvalid: SIP_RETRY_AFTER_INVALID_REGISTRATION_MS,
  },
  actions: {
    /** Tells the dialer (when it runs) the new status. */
    report: enqueueActions(({ enqueue, system }, params: { status: RegistrationStatus }) => {
      const dialer = system.get('dialer');
      if (dialer)
        enqueue.sendTo(dialer, { type: 'registration.changed', status: params.status } as RegistrationChangedEvent);
    }),
    register: sendTo('userAgent', { type: 'ua.register' } as UserAgentCommand),
    unregister: sendTo('userAgent', { type: 'ua.unregister' } as UserAgentCommand),
    keepCause: assign({
      cause: (_, params: { event: SipRegistrationEvent }) => ('cause' in params.event ? params.event.cause : null),
    }),
    keepMediaFailure: assign({ cause: (_, params: { error: unknown }) => mediaErrorName(params.error) }),
    clearCause: assign({ cause: null }),
  },
}).createMachine({
  id: 'sipRegistration',
  context: ({ input }) => ({ account: input.account, cause: null }),
  initial: 'requestingMedia',
  states: {
    requestingMedia: {
      entry: report('requestingMedia'),
      invoke: {
        id: 'requestMedia',
        src: 'requestMedia',
        onDone: { target: 'running', actions: 'clearCause' },
        onError: {
          target: 'mediaDenied',
          actions: { type: 'keepMediaFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    mediaDenied: {
      entry: report('mediaDenied'),
      on: { 'media.retry': 'requestingMedia' },
    },
    running: {
      invoke: { id: 'userAgent', src: 'userAgent', input: ({ context }) => context.account },
      initial: 'registering',
      states: {
        registering: {
          entry: [report('registering'), 'register'],
          on: {
            'sip.registered': { target: 'registered', actions: 'clearCause' },
            'sip.registrationFailed': { target: 'invalid_registration', actions: keepCause },
            'sip.disconnected': { target: 'error', actions: keepCause },
            'registration.stop': 'unregistering',
          },
        },
        registered: {
          entry: report('registered'),
          on: {
            'sip.unregistered': 'unregistered',
            'sip.registrationFailed': { target: 'invalid_registration', actions: keepCause },
            'sip.disconnected': { target: 'error', actions: keepCause },
            'registration.stop': 'unregistering',
          },
        },
        unregistering: {
          entry: [report('unregistering'), 'unregister'],
          on: {
            'sip.unregistered': 'unregistered',
            'sip.registrationFailed': 'unregistered',
            'sip.disconnected': 'unregistered',
          },
        },
        /** Offline by the user's choice: no retry. */
        unregistered: {
          entry: report('unregistered'),
          on: { 'registration.start': 'registering' },
        },
        /** The transport failed: retry after 5 s (JsSIP reconnects meanwhile and may register by itself). */
        error: {
          entry: report('error'),
          after: { retryAfterError: 'registering' },
          on: {
            'sip.registered': { target: 'registered', actions: 'clearCause' },
            'registration.stop': 'unregistered',
          },
        },
        invalid_registration: {
          entry: report('invalid_registration'),
          after: { retryAfterInvalid: 'registering' },
          on: {
            'sip.registered': { target: 'registered', actions: 'clearCause' },
            'registration.stop': 'unregistered',
          },
        },
      },
    },
  },
});

/** A media failure as a short code: the DOMException name (NotAllowedError, NotFoundError) or 'media devices missing'. */
function mediaErrorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') return error.name;
  return typeof error === 'string' ? error : 'unknown';
}

export type SipRegistrationMachine = typeof sipRegistrationMachine;
