import { DTMF, SIP_STUN_SERVERS } from '../../contract/constants';
import { SIP_HEADERS } from '../../contract/entities/calls';
import type { SipSessionCommand, SipSessionInput } from '../../machines/call/call.types';
import type { IncomingCall } from '../../machines/dialer/dialer.types';
import type { SipAccount } from '../../machines/sip-registration/sip-registration.machine';
import type { SipSessionPort, UserAgentFactory, UserAgentPort } from './sip-port';
import { type SessionMediaOptions, sipUri } from './sip-port';

/** Facts the user agent reports to the registration machine. */
export type AgentFact =
  | { type: 'sip.registered' }
  | { type: 'sip.unregistered' }
  | { type: 'sip.registrationFailed'; cause: string }
  | { type: 'sip.disconnected'; cause: string };

/** Facts a session reports to its call machine. */
export type SessionFact =
  | { type: 'session.accepted'; at: number }
  | { type: 'session.ended'; cause: string }
  | { type: 'session.failed'; cause: string };

/** What the phone does with media (media.ts in the browser, a recorder in tests). */
export interface MediaSink {
  /** A call's peer connection exists: play its remote audio, show its video. */
  connect(speechId: string, connection: RTCPeerConnection): void;
  setVolume(speechId: string, volume: number): void;
  release(speechId: string): void;
}

export interface PhoneDeps {
  createAgent: UserAgentFactory;
  media: MediaSink;
  /** Clock of the accepted fact (tests fix it). */
  now?: () => number;
  /** Delays the stop of ICE gathering (tests use a fake timer). */
  setTimer?: (fn: () => void, ms: number) => unknown;
}

/** SIP cause used when a session to attach to is gone (a caller who hung up first). */
export const MISSING_SESSION = 'Missing session';

/** Status code when the user declines a ringing call. */
const DECLINE = 603;

/**
 * The softphone's SIP side: one user agent at a time, and the sessions of the
 * calls by speech id. The registration machine starts the agent; each call
 * machine opens, commands and closes its session. A missing session ignores
 * commands (8.3).
 */
export function createPhone(deps: PhoneDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let agent: UserAgentPort | null = null;
  let account: SipAccount | null = null;
  /** A registration asked for before the transport connected: sent on connect. */
  let registerOnConnect = false;
  const sessions = new Map<string, SipSessionPort>();
  const media = (video: boolean): SessionMediaOptions => ({
    mediaConstraints: { audio: true, video },
    pcConfig: { iceServers: [{ urls: [...SIP_STUN_SERVERS] }] },
  });

  /** Stops waiting for ICE candidates shortly after the first (7.11): loopback and LAN need no STUN answer. */
  function watchMedia(speechId: string, session: SipSessionPort) {
    let waiting = false;
    session.on('icecandidate', ({ ready }) => {
      if (waiting || !ready) return;
      waiting = true;
      setTimer(ready, DTMF.iceCheckingTimeoutMs);
    });
    const connect = (connection: RTCPeerConnection | null | undefined) => {
      if (connection) deps.media.connect(speechId, connection);
    };
    if (session.connection) connect(session.connection);
    else session.on('peerconnection', ({ peerconnection }) => connect(peerconnection));
  }

  return {
    /** Starts a user agent for the account; facts go to `report`, incoming calls to `onIncoming`. */
    start(acc: SipAccount, report: (fact: AgentFact) => void, onIncoming: (call: IncomingCall) => boolean) {
      this.stop();
      account = acc;
      const ua = deps.createAgent(acc);
      agent = ua;
      ua.on('registered', () => report({ type: 'sip.registered' }));
      ua.on('unregistered', () => report({ type: 'sip.unregistered' }));
      ua.on('registrationFailed', ({ cause }) => report({ type: 'sip.registrationFailed', cause: cause ?? 'unknown' }));
      ua.on('connected', () => {
        if (!registerOnConnect) return;
        registerOnConnect = false;
        ua.register();
      });
      ua.on('disconnected', ({ cause }) => report({ type: 'sip.disconnected', cause: cause ?? 'Connection Error' }));
      ua.onIncoming(({ session, header, fromNumber, fromName, video }) => {
        const speechId = header(SIP_HEADERS.speechId) ?? crypto.randomUUID();
        const type = header(SIP_HEADERS.speechType) === 'awaiting' ? 'awaiting' : 'normal';
        sessions.set(speechId, session);
        session.on('ended', () => sessions.get(speechId) === session && sessions.delete(speechId));
        session.on('failed', () => sessions.get(speechId) === session && sessions.delete(speechId));
        const taken = onIncoming({
          speechId,
          number: fromNumber,
          callee: header(SIP_HEADERS.targetCallee) ?? acc.number,
          type,
          sosCall: header(SIP_HEADERS.sosCall) === '1',
          displayName: fromName,
          video,
        });
        if (!taken) session.terminate({ status_code: DECLINE });
      });
      ua.start();
    },

    /**
     * Registers now over a connected transport, else as soon as it connects (a
     * failed connection reports `sip.disconnected`, and the machine retries).
     */
    register(report: (fact: AgentFact) => void) {
      if (agent?.isConnected()) agent.register();
      else if (agent) registerOnConnect = true;
      // No agent (stopped): report after this turn, so the machine is not re-entered from its entry action.
      else queueMicrotask(() => report({ type: 'sip.disconnected', cause: 'Connection Error' }));
    },

    unregister(report: (fact: AgentFact) => void) {
      registerOnConnect = false;
      if (agent?.isConnected()) agent.unregister();
      else queueMicrotask(() => report({ type: 'sip.unregistered' }));
    },

    /** Unregisters, hangs up every session and stops the agent (logout). */
    stop() {
      for (const session of sessions.values()) if (!session.isEnded()) session.terminate();
      sessions.clear();
      if (agent) {
        if (agent.isConnected()) agent.unregister();
        agent.stop();
      }
      agent = null;
      account = null;
      registerOnConnect = false;
    },

    /**
     * Opens the session of a call: dials, joins (INVITE to the awaiting call's
     * callee with its speech id) or attaches to an incoming one. Returns the
     * command handler and the cleanup that hangs up what is still up.
     */
    openSession(input: SipSessionInput, report: (fact: SessionFact) => void) {
      let session: SipSessionPort | undefined;
      if (input.mode === 'attach') session = sessions.get(input.speechId);
      else if (agent && account)
        session = agent.call(sipUri(input.target, account.host), {
          ...media(input.video),
          extraHeaders: [`${SIP_HEADERS.speechId}: ${input.speechId}`],
        });
      if (!session) {
        queueMicrotask(() => report({ type: 'session.failed', cause: MISSING_SESSION }));
        return { command: () => {}, close: () => {} };
      }
      const own = session;
      sessions.set(input.speechId, own);
      let settled = false;
      own.on('accepted', () => report({ type: 'session.accepted', at: now() }));
      own.on('ended', ({ cause }) => {
        settled = true;
        report({ type: 'session.ended', cause: cause ?? 'Terminated' });
      });
      own.on('failed', ({ cause }) => {
        settled = true;
        report({ type: 'session.failed', cause: cause ?? 'Failed' });
      });
      watchMedia(input.speechId, own);

      const command = (cmd: SipSessionCommand) => {
        if (own.isEnded()) return;
        switch (cmd.type) {
          case 'session.answer':
            if (own.direction === 'incoming' && !own.isEstablished()) own.answer(media(cmd.video));
            return;
          case 'session.dtmf':
            if (own.isEstablished()) own.sendDTMF(cmd.tone, { duration: cmd.duration, transportType: 'INFO' });
            return;
          case 'session.mute':
            if (cmd.muted) own.mute({ audio: true });
            else own.unmute({ audio: true });
            return;
          case 'session.video':
            if (cmd.enabled) own.unmute({ video: true });
            else own.mute({ video: true });
            return;
          case 'session.volume':
            deps.media.setVolume(input.speechId, cmd.volume);
            return;
        }
      };
      const close = () => {
        if (!settled && !own.isEnded()) {
          const ringing = own.direction === 'incoming' && !own.isEstablished();
          own.terminate(ringing ? { status_code: DECLINE } : undefined);
        }
        if (sessions.get(input.speechId) === own) sessions.delete(input.speechId);
        deps.media.release(input.speechId);
      };
      return { command, close };
    },

    /** Whether a session exists for a speech id (tests and diagnostics). */
    hasSession: (speechId: string) => sessions.has(speechId),
  };
}

export type Phone = ReturnType<typeof createPhone>;
