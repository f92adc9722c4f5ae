import { randomUUID } from 'node:crypto';
import { DTMF_CONTENT_TYPE, SIP_HEADERS } from '../../src/contract/entities/calls';
import { createMediaEndpoint, type WebRtcEndpoint } from '../media/endpoint';
import { holdTone, renderVoiceLike } from '../media/tone';
import type { MediaOptions } from '../media/types';
import type { SipRequest } from '../sip/message';
import { type CallEnd, type IncomingCall, type OutgoingCall, SipUserAgent } from '../sip/ua/user-agent';

/**
 * A door panel that is not there: it registers a panel's SIP number on the embedded server,
 * places and answers calls with real media (a werift endpoint sending PCMU), and "opens the
 * door" on DTMF `#` (SIP INFO, in or out of a dialog, or RFC 4733 in the media), which it
 * reports as an event. Demo mode runs one for the demo panel; tests start their own.
 */

/** Where and as whom the panel registers. */
export interface DoorPanelOptions {
  /** The SIP server, `wss://host:port`. */
  url: string;
  number: string;
  password: string;
  /** The SIP domain (the digest realm is the proxy host): registers as number@realm. */
  realm: string;
  displayName?: string;
  /** Media of the panel's calls; loopback by default. */
  media?: MediaOptions;
  /** Incoming calls are answered after this many ms of ringing (default 1000); null: never answered. */
  answerAfterMs?: number | null;
  /** Lines about what the panel does (default: nothing). */
  log?: (line: string) => void;
}

/** What the panel sends into a call. */
export type PanelSignal = 'voice' | 'tone';

/** How the panel places a call. */
export interface DoorPanelCallOptions {
  signal?: PanelSignal;
  /** Hang up after this long, answered or not (default 120 s): a demo panel never calls forever. */
  maxDurationMs?: number;
  /** An SOS call (`X-Sos-Call: 1`). */
  sos?: boolean;
  /** The speech id (`X-Speech-Id`); a new UUID by default. */
  speechId?: string;
}

/** One call of the panel, placed or answered. */
export interface PanelCall {
  readonly direction: 'outgoing' | 'incoming';
  readonly speechId: string | null;
  /** The other party's number (placed calls: the dialled one). */
  readonly peer: string;
  /** Final status of the INVITE: 200 once answered, else the refusal (486, 487 cancelled, …). */
  readonly answered: Promise<number>;
  /** Why the call ended. */
  readonly ended: Promise<CallEnd>;
  /** The panel's media endpoint (stats: packets in and out). */
  readonly media: WebRtcEndpoint;
  /** Cancels a ringing call or hangs up an answered one. */
  hangup(): Promise<void>;
}

/** The door opened. */
export interface DoorOpenedEvent {
  number: string;
  /** How the `#` came: SIP INFO in a call, SIP INFO outside any call, or RFC 4733 in the media. */
  via: 'info' | 'info-out-of-dialog' | 'rtp';
  speechId: string | null;
  at: Date;
}

/** A running panel, as startDoorPanel returns it. */
export interface DoorPanel {
  readonly number: string;
  /** Places a call to a number (or a `sip:` URI) with real media. */
  call(number: string, options?: DoorPanelCallOptions): Promise<PanelCall>;
  /** Hangs up every call of the panel. */
  hangup(): Promise<void>;
  onDoorOpened(handler: (event: DoorOpenedEvent) => void): () => void;
  /** Calls in progress (placed or answered, not ended). */
  readonly calls: readonly PanelCall[];
  /** Resolves when the connection to the SIP server is gone (stopped, or the server went away). */
  readonly disconnected: Promise<void>;
  /** Ends every call, then unregisters and disconnects. */
  stop(): Promise<void>;
}

const DEFAULT_MAX_DURATION_MS = 120_000;
/** Registrations last 10 minutes and are refreshed halfway, like a real panel's. */
const REGISTER_EXPIRES_S = 600;
const UNREGISTER_TIMEOUT_MS = 2000;
const LOOPBACK: MediaOptions = { host: '127.0.0.1', stunServers: [], portRange: null };

let voiceCycle: Buffer | null = null;
const signalOf = (signal: PanelSignal) => {
  if (signal === 'tone') return holdTone();
  voiceCycle ??= renderVoiceLike();
  return voiceCycle;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Resolves with the promise's value, or undefined after `ms`; leaves no timer behind. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, expiry]);
  } finally {
    clearTimeout(timer);
  }
}

/** The DTMF signal of an `application/dtmf-relay` body (`Signal=#`), or null. */
export function dtmfSignalOf(request: SipRequest): string | null {
  const type = (request.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== DTMF_CONTENT_TYPE) return null;
  return /^Signal\s*=\s*(\S)/im.exec(request.body)?.[1] ?? null;
}

/**
 * Connects, registers (rejecting unless the server answers 200) and returns the running panel.
 * From then on it answers calls to its number and opens on `#`.
 */
export async function startDoorPanel(options: DoorPanelOptions): Promise<DoorPanel> {
  const log = options.log ?? (() => {});
  const media = options.media ?? LOOPBACK;
  const answerAfterMs = options.answerAfterMs === undefined ? 1000 : options.answerAfterMs;
  const ua = await SipUserAgent.connect({
    url: options.url,
    domain: options.realm,
    number: options.number,
    password: options.password,
    displayName: options.displayName,
  });
  const registered = await ua.register(REGISTER_EXPIRES_S);
  if (registered.status !== 200) {
    await ua.close();
    throw new Error(`door panel ${options.number}: REGISTER answered ${registered.status} ${registered.reason}`);
  }
  log(`door panel ${options.number}: registered at ${options.url}`);

  const refresh = setInterval(
    () => {
      void ua.register(REGISTER_EXPIRES_S).then((response) => {
        if (response.status !== 200) log(`door panel ${options.number}: re-REGISTER answered ${response.status}`);
      });
    },
    (REGISTER_EXPIRES_S / 2) * 1000,
  );
  void ua.closed.then(() => clearInterval(refresh));

  const calls = new Set<PanelCall>();
  const doorHandlers = new Set<(event: DoorOpenedEvent) => void>();
  let stopped = false;

  const openDoor = (via: DoorOpenedEvent['via'], speechId: string | null) => {
    const event: DoorOpenedEvent = { number: options.number, via, speechId, at: new Date() };
    log(`door panel ${options.number}: door opened (# by ${via}${speechId ? `, call ${speechId}` : ''})`);
    for (const handler of doorHandlers) handler(event);
  };

  /** What every call does: DTMF opens the door, media ends with the call, a ceiling on duration. */
  const track = (call: PanelCall, sip: OutgoingCall | IncomingCall, maxDurationMs: number) => {
    calls.add(call);
    sip.onInfo = (request) => {
      if (dtmfSignalOf(request) === '#') openDoor('info', call.speechId);
    };
    call.media.onDtmf((digit) => {
      if (digit === '#') openDoor('rtp', call.speechId);
    });
    // A hang-up racing the far end's own BYE may fail; the call ends either way.
    const ceiling = setTimeout(() => void call.hangup().catch(() => {}), maxDurationMs);
    void sip.ended.then(async (reason) => {
      clearTimeout(ceiling);
      calls.delete(call);
      await call.media.close();
      log(`door panel ${options.number}: call with ${call.peer} ended (${reason})`);
    });
  };

  ua.onInfo = (request) => {
    if (dtmfSignalOf(request) === '#') openDoor('info-out-of-dialog', null);
  };

  ua.onIncoming = (incoming) => {
    const from = /sip:([^@>;]+)/.exec(incoming.header('From') ?? '')?.[1] ?? 'unknown';
    if (stopped || answerAfterMs === null) return incoming.reject(480);
    const endpoint = createMediaEndpoint(media);
    let answered: (status: number) => void = () => {};
    const call: PanelCall = {
      direction: 'incoming',
      speechId: incoming.header(SIP_HEADERS.speechId) ?? null,
      peer: from,
      answered: new Promise((resolve) => {
        answered = resolve;
      }),
      ended: incoming.ended,
      media: endpoint,
      async hangup() {
        if (incoming.dialog) await incoming.bye();
        else incoming.reject(486);
      },
    };
    track(call, incoming, DEFAULT_MAX_DURATION_MS);
    log(`door panel ${options.number}: ${from} is calling`);
    const timer = setTimeout(async () => {
      try {
        const sdp = await endpoint.answer(incoming.remoteSdp);
        incoming.accept(sdp);
        endpoint.play(signalOf('voice'));
        answered(200);
      } catch (error) {
        log(`door panel ${options.number}: cannot answer (${messageOf(error)})`);
        incoming.reject(488);
        answered(488);
      }
    }, answerAfterMs);
    void incoming.ended.then(() => {
      clearTimeout(timer);
      answered(487);
    });
  };

  return {
    number: options.number,

    async call(number, callOptions = {}) {
      if (stopped) throw new Error(`door panel ${options.number} is stopped`);
      const endpoint = createMediaEndpoint(media);
      const speechId = callOptions.speechId ?? randomUUID();
      const headers: Record<string, string> = { [SIP_HEADERS.speechId]: speechId };
      if (callOptions.sos) headers[SIP_HEADERS.sosCall] = '1';
      let outgoing: OutgoingCall;
      try {
        outgoing = ua.call(number, { sdp: await endpoint.offer(), headers });
      } catch (error) {
        await endpoint.close();
        throw error;
      }
      const answered = outgoing.answered.then(async (response) => {
        if (response.status >= 300) return response.status;
        try {
          await endpoint.accept(outgoing.remoteSdp);
        } catch (error) {
          log(`door panel ${options.number}: unusable answer from ${number} (${messageOf(error)})`);
          void outgoing.bye().catch(() => {});
          return 488;
        }
        endpoint.play(signalOf(callOptions.signal ?? 'voice'));
        log(`door panel ${options.number}: ${number} answered`);
        return response.status;
      });
      const call: PanelCall = {
        direction: 'outgoing',
        speechId,
        peer: number,
        answered,
        ended: outgoing.ended,
        media: endpoint,
        async hangup() {
          if (outgoing.dialog) await outgoing.bye();
          else await outgoing.cancel();
        },
      };
      track(call, outgoing, callOptions.maxDurationMs ?? DEFAULT_MAX_DURATION_MS);
      log(`door panel ${options.number}: calling ${number} (speech ${speechId})`);
      return call;
    },

    async hangup() {
      await Promise.allSettled([...calls].map((call) => call.hangup()));
    },

    onDoorOpened(handler) {
      doorHandlers.add(handler);
      return () => doorHandlers.delete(handler);
    },

    get calls() {
      return [...calls];
    },

    disconnected: ua.closed,

    async stop() {
      if (stopped) return;
      stopped = true;
      const ending = [...calls];
      await Promise.allSettled(ending.map((call) => call.hangup()));
      clearInterval(refresh);
      if (ua.open) await withTimeout(ua.unregister(), UNREGISTER_TIMEOUT_MS);
      await ua.close();
      await Promise.allSettled(ending.map((call) => call.media.close()));
      doorHandlers.clear();
      log(`door panel ${options.number}: stopped`);
    },
  };
}
