import { randomInt } from 'node:crypto';
import { CLOCK_RATE, FRAME_SAMPLES } from './tone';

/** The header fields an endpoint rewrites on the way out (werift's RtpHeader has them). */
export interface RewritableHeader {
  sequenceNumber: number;
  timestamp: number;
  marker: boolean;
  ssrc: number;
}

const u16 = (n: number) => n & 0xffff;
const u32 = (n: number) => n >>> 0;
/** True when a is after b in 16-bit sequence space. */
const seqAfter = (a: number, b: number) => a !== b && u16(a - b) < 0x8000;

/**
 * Makes one continuous RTP stream out of whatever feeds an endpoint: the hold tone, then the
 * bridged peer, then the tone again, DTMF events in between. The far end sees one stream
 * (werift sets our SSRC) whose sequence numbers follow on without a jump and whose timestamps
 * advance with the wall clock across a switch, with the marker bit on the first packet of
 * each new source so its jitter buffer resynchronises. Within one source the offsets are
 * constant: gaps and reordering from the relayed leg are passed on, not hidden.
 */
export class OutboundStream {
  private source: object | null = null;
  private sourceSsrc = -1;
  private seqOffset = 0;
  private tsOffset = 0;
  private lastSeq = randomInt(0x10000);
  private lastTs = randomInt(0x1_0000_0000);
  private lastAt: number | null = null;

  /** Rewrites sequence number, timestamp and marker of a packet from `source` in place. */
  rewrite(source: object, header: RewritableHeader, nowMs: number): void {
    if (source !== this.source || header.ssrc !== this.sourceSsrc) {
      // At least one frame on, so a switch right after a packet never reuses its time slot.
      const elapsed = this.lastAt === null ? 0 : Math.round(((nowMs - this.lastAt) * CLOCK_RATE) / 1000);
      const nextTs = u32(this.lastTs + Math.max(FRAME_SAMPLES, elapsed));
      this.seqOffset = u16(this.lastSeq + 1 - header.sequenceNumber);
      this.tsOffset = u32(nextTs - header.timestamp);
      this.source = source;
      this.sourceSsrc = header.ssrc;
      header.marker = true;
    }
    header.sequenceNumber = u16(header.sequenceNumber + this.seqOffset);
    header.timestamp = u32(header.timestamp + this.tsOffset);
    if (this.lastAt === null || seqAfter(header.sequenceNumber, this.lastSeq)) {
      this.lastSeq = header.sequenceNumber;
      this.lastTs = header.timestamp;
      this.lastAt = nowMs;
    }
  }
}
