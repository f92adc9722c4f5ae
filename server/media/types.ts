/**
 * The media engine's surface, agreed with the SIP server (server/sip): the awaiting-call
 * B2BUA holds one MediaEndpoint per leg, plays the hold tone to a waiting caller and
 * bridges the caller to the concierge who joins.
 */

/** Packet and payload-byte counters of one endpoint since it was created. */
export interface MediaStats {
  packetsIn: number;
  packetsOut: number;
  bytesIn: number;
  bytesOut: number;
}

/** One WebRTC peer inside the server process. */
export interface MediaEndpoint {
  /** The remote offered: applies the offer and resolves with our complete answer (ICE gathered, no trickle). */
  answer(offerSdp: string): Promise<string>;
  /** We offer: resolves with a complete offer; the remote's answer comes through accept(). */
  offer(): Promise<string>;
  accept(answerSdp: string): Promise<void>;
  /** What the held caller hears while the endpoint is not bridged (a bridge takes precedence). */
  playHoldTone(): void;
  stopHoldTone(): void;
  /** Relays audio both ways without transcoding; ends when either side closes or bridges elsewhere. */
  bridge(other: MediaEndpoint): void;
  stats(): MediaStats;
  /** RFC 4733 digits received, when telephone-event was negotiated. */
  onDtmf?(handler: (digit: string) => void): void;
  close(): Promise<void>;
}

/** Where endpoints listen and whom they ask for reflexive candidates. */
export interface MediaOptions {
  /** The one address ICE host candidates are gathered on (and sockets bound to). */
  host: string;
  /** STUN servers as `host:port`; none is needed on loopback or a LAN. */
  stunServers: readonly string[];
  /** UDP port range for ICE sockets; null lets the system choose. */
  portRange: readonly [number, number] | null;
}

/** Connection state of an endpoint's peer connection, as WebRTC names it. */
export type MediaConnectionState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

/** A failure the SIP layer can map to a response (e.g. 488 for `incompatible_sdp`). */
export class MediaError extends Error {
  override name = 'MediaError';
  constructor(
    readonly code: 'incompatible_sdp' | 'closed' | 'invalid_state' | 'not_connected',
    message: string,
  ) {
    super(message);
  }
}
