import type { SipAccount } from '../../src/machines/sip-registration/sip-registration.machine';
import type {
  AgentEventName,
  IncomingSession,
  SessionEventData,
  SessionEventName,
  SessionMediaOptions,
  SipSessionPort,
  UserAgentPort,
} from '../../src/services/sip/sip-port';

type Listener<T> = (data: T) => void;

/** A SIP session that records what the phone asks of it; the test emits its events. */
export class FakeSession implements SipSessionPort {
  connection: RTCPeerConnection | null = null;
  log: string[] = [];
  private ended = false;
  private established = false;
  private listeners = new Map<SessionEventName, Listener<SessionEventData>[]>();

  constructor(readonly direction: 'incoming' | 'outgoing') {}

  on(event: SessionEventName, listener: Listener<SessionEventData>) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: SessionEventName, data: SessionEventData = {}) {
    if (event === 'accepted' || event === 'confirmed') this.established = true;
    if (event === 'ended' || event === 'failed') this.ended = true;
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
  isEnded() {
    return this.ended;
  }
  isEstablished() {
    return this.established;
  }
  answer(options: SessionMediaOptions) {
    this.log.push(`answer audio=${options.mediaConstraints.audio} video=${options.mediaConstraints.video}`);
    this.emit('accepted');
  }
  terminate(options?: { status_code?: number }) {
    this.log.push(options?.status_code ? `terminate ${options.status_code}` : 'terminate');
    this.emit('ended', { cause: 'Terminated' });
  }
  sendDTMF(tone: string, options: { duration: number; transportType: 'INFO' }) {
    this.log.push(`dtmf ${tone} ${options.duration}ms ${options.transportType}`);
  }
  mute(options: { audio?: boolean; video?: boolean }) {
    this.log.push(`mute ${options.audio ? 'audio' : 'video'}`);
  }
  unmute(options: { audio?: boolean; video?: boolean }) {
    this.log.push(`unmute ${options.audio ? 'audio' : 'video'}`);
  }
}

/** A user agent without a network: the test connects it, registers it and rings it. */
export class FakeAgent implements UserAgentPort {
  connected = false;
  log: string[] = [];
  placed: { uri: string; headers: string[]; video: boolean; session: FakeSession }[] = [];
  private listeners = new Map<AgentEventName, Listener<{ cause?: string }>[]>();
  private incoming: Listener<IncomingSession>[] = [];

  constructor(readonly account: SipAccount) {}

  start() {
    this.log.push('start');
  }
  stop() {
    this.log.push('stop');
  }
  register() {
    this.log.push('register');
  }
  unregister() {
    this.log.push('unregister');
  }
  isConnected() {
    return this.connected;
  }
  call(uri: string, options: SessionMediaOptions & { extraHeaders: string[] }) {
    const session = new FakeSession('outgoing');
    this.placed.push({ uri, headers: options.extraHeaders, video: options.mediaConstraints.video, session });
    return session;
  }
  on(event: AgentEventName, listener: Listener<{ cause?: string }>) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  onIncoming(listener: Listener<IncomingSession>) {
    this.incoming.push(listener);
  }
  emit(event: AgentEventName, data: { cause?: string } = {}) {
    if (event === 'connected') this.connected = true;
    if (event === 'disconnected') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
  /** An INVITE arrives with these headers. */
  ring(from: string, headers: Record<string, string> = {}, fromName: string | null = null) {
    const session = new FakeSession('incoming');
    for (const listener of this.incoming)
      listener({ session, header: (name) => headers[name], fromNumber: from, fromName, video: false });
    return session;
  }
}

/** A factory that keeps every agent it made. */
export function fakeAgents() {
  const made: FakeAgent[] = [];
  return {
    made,
    create: (account: SipAccount) => {
      const agent = new FakeAgent(account);
      made.push(agent);
      return agent;
    },
    get last() {
      const agent = made.at(-1);
      if (!agent) throw new Error('no agent yet');
      return agent;
    },
  };
}

/** A media sink that records what it is asked. */
export function fakeMedia() {
  const log: string[] = [];
  return {
    log,
    connect: (speechId: string) => log.push(`connect ${speechId}`),
    setVolume: (speechId: string, volume: number) => log.push(`volume ${speechId} ${volume}`),
    release: (speechId: string) => log.push(`release ${speechId}`),
  };
}
