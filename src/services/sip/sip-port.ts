import type { SipAccount } from '../../machines/sip-registration/sip-registration.machine';

/**
 * The small part of a SIP user agent the softphone uses. `jssip-agent.ts`
 * implements it over JsSIP; unit tests implement it with a fake, so the
 * phone's logic is tested without a network or WebRTC.
 */

/** Events of one call session, as JsSIP names them. */
export type SessionEventName = 'accepted' | 'confirmed' | 'ended' | 'failed' | 'peerconnection' | 'icecandidate';

/** What a session event carries that we read. */
export interface SessionEventData {
  /** SIP cause of ended and failed (JsSIP's `cause`). */
  cause?: string;
  /** The peer connection (peerconnection event). */
  peerconnection?: RTCPeerConnection;
  /** Stops waiting for more ICE candidates (icecandidate event). */
  ready?: () => void;
}

export interface SipSessionPort {
  readonly direction: 'incoming' | 'outgoing';
  /** The peer connection once it exists. */
  readonly connection: RTCPeerConnection | null | undefined;
  isEnded(): boolean;
  isEstablished(): boolean;
  answer(options: SessionMediaOptions): void;
  terminate(options?: { status_code?: number }): void;
  sendDTMF(tone: string, options: { duration: number; transportType: 'INFO' }): void;
  mute(options: { audio?: boolean; video?: boolean }): void;
  unmute(options: { audio?: boolean; video?: boolean }): void;
  on(event: SessionEventName, listener: (data: SessionEventData) => void): void;
}

/** Media and ICE options of a call or an answer. */
export interface SessionMediaOptions {
  mediaConstraints: { audio: boolean; video: boolean };
  pcConfig: { iceServers: { urls: string[] }[] };
}

/** A new incoming session with what its INVITE says. */
export interface IncomingSession {
  session: SipSessionPort;
  /** A header of the INVITE (custom headers of 7.11), or undefined. */
  header: (name: string) => string | undefined;
  /** The caller's number and display name. */
  fromNumber: string;
  fromName: string | null;
  /** The offer carries video. */
  video: boolean;
}

export type AgentEventName = 'connected' | 'disconnected' | 'registered' | 'unregistered' | 'registrationFailed';

export interface UserAgentPort {
  start(): void;
  stop(): void;
  register(): void;
  unregister(): void;
  isConnected(): boolean;
  /** Places a call to a SIP URI with extra headers (`Name: value`). */
  call(uri: string, options: SessionMediaOptions & { extraHeaders: string[] }): SipSessionPort;
  on(event: AgentEventName, listener: (data: { cause?: string }) => void): void;
  onIncoming(listener: (incoming: IncomingSession) => void): void;
}

/** Builds a user agent for an account (JsSIP in the browser, a fake in tests). */
export type UserAgentFactory = (account: SipAccount) => UserAgentPort;

/** The SIP URI of a number on the account's proxy host (7.11: number@proxy host). */
export const sipUri = (number: string, host: string) => `sip:${number}@${host}`;
