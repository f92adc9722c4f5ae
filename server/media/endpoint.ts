import { isIPv6 } from 'node:net';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  type RTCRtpCodecParameters,
  type RTCRtpTransceiver,
  type RtpPacket,
} from 'werift';
import { audioCodecs, isDtmfCodec, isPcmu } from './codecs';
import { DtmfDetector } from './dtmf';
import { DtmfSender } from './dtmf-sender';
import { addPaced, clockNow, removePaced } from './media-clock';
import { OutboundStream } from './outbound-stream';
import { prepareOffer, type RejectedSection, restoreRejected } from './sdp';
import { FRAME_SAMPLES, holdTone } from './tone';
import { TonePlayer } from './tone-player';
import { type MediaConnectionState, type MediaEndpoint, MediaError, type MediaOptions, type MediaStats } from './types';

/** One received audio packet, as the tap sees it (the payload is PCMU). */
export interface ReceivedAudio {
  payload: Buffer;
  sequenceNumber: number;
  timestamp: number;
  marker: boolean;
}

/** How long offer()/answer() wait for ICE gathering; on loopback it takes milliseconds. */
const GATHER_TIMEOUT_MS = 5000;

/**
 * A MediaEndpoint on werift: one peer connection with one PCMU audio transceiver.
 *
 * What the remote hears comes from one source at a time, by precedence: a DTMF event we are
 * sending, else the bridged peer's audio, else the hold tone (when asked for), else nothing.
 * Everything leaves through one OutboundStream, so switching sources never breaks the stream.
 */
export class WebRtcEndpoint implements MediaEndpoint {
  private readonly pc: RTCPeerConnection;
  private readonly transceiver: RTCRtpTransceiver;
  private readonly out = new OutboundStream();
  private readonly dtmfDetector = new DtmfDetector();
  private readonly counters: MediaStats = { packetsIn: 0, packetsOut: 0, bytesIn: 0, bytesOut: 0 };
  private readonly dtmfHandlers = new Set<(digit: string) => void>();
  private readonly audioHandlers = new Set<(packet: ReceivedAudio) => void>();
  private readonly stateHandlers = new Set<(state: MediaConnectionState) => void>();
  private readonly unsubscribes: (() => void)[] = [];
  private audioCodec: RTCRtpCodecParameters | null = null;
  private dtmfCodec: RTCRtpCodecParameters | null = null;
  private peer: WebRtcEndpoint | null = null;
  private wantsTone = false;
  private signal: Buffer = holdTone();
  private tone: TonePlayer | null = null;
  private dtmf: DtmfSender | null = null;
  private closed = false;
  private readonly stunConfigured: boolean;

  constructor(options: MediaOptions) {
    const family = isIPv6(options.host) ? 'udp6' : 'udp4';
    this.stunConfigured = options.stunServers.length > 0;
    this.pc = new RTCPeerConnection({
      codecs: { audio: audioCodecs(), video: [] },
      iceServers: options.stunServers.map((server) => ({ urls: `stun:${server}` })),
      // No gathering over the machine's interfaces: exactly one host candidate, on the configured address.
      iceUseIpv4: false,
      iceUseIpv6: false,
      iceAdditionalHostAddresses: [options.host],
      iceInterfaceAddresses: { [family]: options.host },
      ...(options.portRange ? { icePortRange: [options.portRange[0], options.portRange[1]] } : {}),
    });
    this.transceiver = this.pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendrecv' });
    const onTrack = this.pc.onTrack.subscribe((track) => {
      const onRtp = track.onReceiveRtp.subscribe((rtp) => this.receive(rtp));
      this.unsubscribes.push(onRtp.unSubscribe);
    });
    const onState = this.pc.connectionStateChange.subscribe((state) => {
      for (const handler of this.stateHandlers) handler(state);
    });
    this.unsubscribes.push(onTrack.unSubscribe, onState.unSubscribe);
  }

  async answer(offerSdp: string): Promise<string> {
    this.assertOpen();
    const prepared = prepareOffer(offerSdp);
    await this.pc.setRemoteDescription({ type: 'offer', sdp: prepared.sdp });
    this.noDefaultStun();
    const { sdp } = await this.pc.createAnswer();
    // We take the DTLS server role whenever the offer leaves us the choice: werift's DTLS client
    // fails the handshake when a slow server answers its retransmitted ClientHello twice (a
    // second HelloVerifyRequest), which a busy server process provokes. Browsers are robust clients.
    const passive = /^a=setup:actpass/m.test(prepared.sdp) ? sdp.replace(/^a=setup:active/gm, 'a=setup:passive') : sdp;
    await this.pc.setLocalDescription({ type: 'answer', sdp: passive });
    this.pinCodecs();
    return this.localSdp(prepared.rejected);
  }

  async offer(): Promise<string> {
    this.assertOpen();
    this.noDefaultStun();
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.localSdp([]);
  }

  async accept(answerSdp: string): Promise<void> {
    this.assertOpen();
    if (this.pc.signalingState !== 'have-local-offer') {
      throw new MediaError(
        'invalid_state',
        `accept() needs an offer of ours, signaling state is ${this.pc.signalingState}`,
      );
    }
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
    this.pinCodecs();
  }

  playHoldTone(): void {
    this.play(holdTone());
  }

  /** Loops any PCMU signal (a whole number of 160-byte frames) like the hold tone, e.g. the simulator's voice. */
  play(cycle: Buffer): void {
    if (cycle.length === 0 || cycle.length % FRAME_SAMPLES !== 0) {
      throw new RangeError(`a signal must be whole ${FRAME_SAMPLES}-byte frames, got ${cycle.length} bytes`);
    }
    if (this.signal !== cycle && this.tone) {
      removePaced(this.tone);
      this.tone = null;
    }
    this.signal = cycle;
    this.wantsTone = true;
    this.updateSources();
  }

  stopHoldTone(): void {
    this.wantsTone = false;
    this.updateSources();
  }

  bridge(other: MediaEndpoint): void {
    if (!(other instanceof WebRtcEndpoint)) throw new TypeError('bridge() needs another WebRtcEndpoint');
    if (other === this) throw new TypeError('an endpoint cannot be bridged to itself');
    this.assertOpen();
    other.assertOpen();
    this.unbridge();
    other.unbridge();
    this.peer = other;
    other.peer = this;
    this.updateSources();
    other.updateSources();
  }

  /** Ends the bridge, if any; both sides fall back to the hold tone if it was asked for. */
  unbridge(): void {
    const peer = this.peer;
    if (!peer) return;
    this.peer = null;
    peer.peer = null;
    peer.updateSources();
    this.updateSources();
  }

  /** The endpoint this one is bridged to, if any. */
  get bridgedTo(): MediaEndpoint | null {
    return this.peer;
  }

  stats(): MediaStats {
    return { ...this.counters };
  }

  onDtmf(handler: (digit: string) => void): void {
    this.dtmfHandlers.add(handler);
  }

  /** Taps the PCMU packets received (the simulator listens; tests compare payloads). */
  onAudio(handler: (packet: ReceivedAudio) => void): () => void {
    this.audioHandlers.add(handler);
    return () => this.audioHandlers.delete(handler);
  }

  /** Sends RFC 4733 digits (default 160 ms each, as the dialer's door opening). False when not negotiated. */
  sendDtmf(digits: string, durationMs = 160): boolean {
    if (this.closed || !this.dtmfCodec) return false;
    if (!this.dtmf) {
      this.dtmf = new DtmfSender(
        (packet) => this.send(this.dtmf!, packet, 'dtmf'),
        () => this.dtmfFinished(),
      );
      addPaced(this.dtmf);
    }
    return this.dtmf.enqueue(digits, durationMs);
  }

  /** Reports the peer connection's state changes (connected, failed, closed …). */
  onStateChange(handler: (state: MediaConnectionState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  get connectionState(): MediaConnectionState {
    return this.pc.connectionState;
  }

  /** Resolves once DTLS-SRTP is up; rejects on failure, close or timeout. */
  whenConnected(timeoutMs = 10_000): Promise<void> {
    if (this.pc.connectionState === 'connected') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        clearTimeout(timer);
        off();
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(
        () => done(new MediaError('not_connected', `not connected in ${timeoutMs} ms`)),
        timeoutMs,
      );
      const off = this.onStateChange((state) => {
        if (state === 'connected') done();
        else if (state === 'failed' || state === 'closed') done(new MediaError('not_connected', `connection ${state}`));
      });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.unbridge();
    this.closed = true;
    this.wantsTone = false;
    this.updateSources();
    if (this.dtmf) {
      removePaced(this.dtmf);
      this.dtmf = null;
    }
    try {
      await this.pc.close();
    } catch {
      // Closing is best effort: callers (the B2BUA) fire and forget it, so it must never reject.
    }
    for (const unsubscribe of this.unsubscribes.splice(0)) unsubscribe();
    this.dtmfHandlers.clear();
    this.audioHandlers.clear();
    this.stateHandlers.clear();
  }

  /**
   * werift's ICE agent falls back to stun.l.google.com when it is given no STUN server: a DNS
   * query and a packet to Google per call, a public address in our candidates, and up to 5 s of
   * gathering where UDP is filtered. Without configured STUN servers we want none at all.
   */
  private noDefaultStun(): void {
    if (this.stunConfigured) return;
    for (const transport of this.pc.iceTransports) transport.connection.stunServer = undefined;
  }

  private assertOpen(): void {
    if (this.closed) throw new MediaError('closed', 'the endpoint is closed');
  }

  /** Our description once ICE gathering is complete: SIP carries no trickled candidates. */
  private async localSdp(rejected: readonly RejectedSection[]): Promise<string> {
    await this.gathered();
    const sdp = this.pc.localDescription?.sdp;
    if (!sdp) throw new MediaError('invalid_state', 'no local description');
    return restoreRejected(sdp, rejected);
  }

  private gathered(): Promise<void> {
    if (this.pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, GATHER_TIMEOUT_MS);
      const sub = this.pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && finish());
      function finish() {
        clearTimeout(timer);
        sub.unSubscribe();
        resolve();
      }
    });
  }

  /**
   * werift sends with the first negotiated codec; a remote listing telephone-event first
   * would turn our audio into events. Pin PCMU explicitly and remember the event codec.
   */
  private pinCodecs(): void {
    const codecs = this.transceiver.codecs;
    this.audioCodec = codecs.find(isPcmu) ?? null;
    this.dtmfCodec = codecs.find(isDtmfCodec) ?? null;
    if (!this.audioCodec) throw new MediaError('incompatible_sdp', 'PCMU was not negotiated');
    this.transceiver.sender.codec = this.audioCodec;
  }

  private receive(rtp: RtpPacket): void {
    if (this.closed) return;
    this.counters.packetsIn++;
    this.counters.bytesIn += rtp.payload.length;
    const type = rtp.header.payloadType;
    if (this.dtmfCodec && type === this.dtmfCodec.payloadType) {
      const digit = this.dtmfDetector.detect(rtp.header.ssrc, rtp.header.timestamp, rtp.payload);
      if (digit) for (const handler of this.dtmfHandlers) handler(digit);
      this.peer?.relay(this, rtp, 'dtmf');
    } else if (this.audioCodec && type === this.audioCodec.payloadType) {
      const { sequenceNumber, timestamp, marker } = rtp.header;
      for (const handler of this.audioHandlers) handler({ payload: rtp.payload, sequenceNumber, timestamp, marker });
      this.peer?.relay(this, rtp, 'audio');
    }
    // Anything else (comfort noise, a codec the remote sends unasked) is neither heard nor relayed.
  }

  /** A packet from the bridged peer: sent on unless we are sending our own DTMF event. */
  private relay(from: WebRtcEndpoint, rtp: RtpPacket, kind: 'audio' | 'dtmf'): void {
    if (this.dtmf?.active) return;
    if (kind === 'dtmf' && !this.dtmfCodec) return;
    this.send(from, rtp, kind);
  }

  /** Rewrites a packet into our outbound stream and hands it to werift's sender. */
  private send(source: object, rtp: RtpPacket, kind: 'audio' | 'dtmf'): void {
    const codec = kind === 'dtmf' ? this.dtmfCodec : this.audioCodec;
    if (this.closed || !codec || this.pc.connectionState !== 'connected') return;
    this.out.rewrite(source, rtp.header, clockNow());
    const sender = this.transceiver.sender;
    // werift stamps every packet with sender.codec's payload type, synchronously, before its
    // first await: swapping the codec around the call sends an event with its own type.
    const audio = sender.codec;
    sender.codec = codec;
    try {
      sender.sendRtp(rtp).catch(() => {
        // A send racing close() fails harmlessly; the packet is simply not sent.
      });
    } finally {
      sender.codec = audio;
    }
    this.counters.packetsOut++;
    this.counters.bytesOut += rtp.payload.length;
  }

  /** Starts or stops the tone player to match: tone wanted, not bridged, open. */
  private updateSources(): void {
    const toneNeeded = this.wantsTone && !this.peer && !this.closed;
    if (toneNeeded && !this.tone) {
      const player = new TonePlayer(this.signal, (packet) => {
        if (!this.dtmf?.active) this.send(player, packet, 'audio');
      });
      this.tone = player;
      addPaced(player);
    } else if (!toneNeeded && this.tone) {
      removePaced(this.tone);
      this.tone = null;
    }
  }

  private dtmfFinished(): void {
    if (this.dtmf) removePaced(this.dtmf);
    this.dtmf = null;
  }
}

/** A new endpoint listening on the configured host. */
export function createMediaEndpoint(options: MediaOptions): WebRtcEndpoint {
  return new WebRtcEndpoint(options);
}
