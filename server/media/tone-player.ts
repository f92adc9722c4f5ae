import { randomInt } from 'node:crypto';
import { RtpHeader, RtpPacket } from 'werift';
import type { Paced } from './media-clock';
import { FRAME_MS, FRAME_SAMPLES } from './tone';

/** After a stall (a long GC, a blocked loop) send at most this many late frames, drop the rest. */
const MAX_BURST = 5;

/**
 * Loops a rendered PCMU cycle as 20 ms packets, paced by the media clock. Frames are
 * slices of the shared cycle, never copies: werift encrypts into new buffers and leaves
 * payloads alone. Sequence numbers and timestamps follow the frame index, which follows
 * the wall clock, so dropped frames after a stall look like loss, not like a time warp.
 */
export class TonePlayer implements Paced {
  private readonly ssrc = randomInt(0x1_0000_0000);
  private startAt: number | null = null;
  private sent = 0;

  constructor(
    private readonly cycle: Buffer,
    private readonly emit: (packet: RtpPacket) => void,
  ) {}

  pump(nowMs: number): void {
    // The first frame goes out on the first tick.
    this.startAt ??= nowMs - FRAME_MS;
    const due = Math.floor((nowMs - this.startAt) / FRAME_MS);
    if (due - this.sent > MAX_BURST) this.sent = due - MAX_BURST;
    while (this.sent < due) this.emit(this.frame(this.sent++));
  }

  private frame(index: number): RtpPacket {
    const offset = (index * FRAME_SAMPLES) % this.cycle.length;
    const header = new RtpHeader({
      payloadType: 0,
      sequenceNumber: index & 0xffff,
      timestamp: (index * FRAME_SAMPLES) >>> 0,
      ssrc: this.ssrc,
      marker: false,
    });
    return new RtpPacket(header, this.cycle.subarray(offset, offset + FRAME_SAMPLES));
  }
}
