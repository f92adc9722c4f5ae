import { randomInt } from 'node:crypto';
import { RtpHeader, RtpPacket } from 'werift';
import { dtmfEventOf, dtmfPayload } from './dtmf';
import type { Paced } from './media-clock';
import { CLOCK_RATE, FRAME_MS, FRAME_SAMPLES } from './tone';

/** Pause between queued digits, so a receiver sees separate events. */
const INTER_DIGIT_MS = 60;
/** RFC 4733 §2.5.1.4: the end packet is sent three times. */
const END_PACKETS = 3;

interface Event {
  code: number;
  durationMs: number;
}

interface Sending extends Event {
  startAt: number;
  timestamp: number;
  sent: number;
}

/**
 * Sends queued digits as RFC 4733 events, one 20 ms packet at a time: all packets of an
 * event carry its start timestamp and a growing duration, the first has the marker bit,
 * the last goes out three times with the end bit. Paced by the media clock.
 */
export class DtmfSender implements Paced {
  private readonly ssrc = randomInt(0x1_0000_0000);
  private readonly queue: Event[] = [];
  private current: Sending | null = null;
  private seq = 0;
  private restUntil = 0;
  private origin: number | null = null;

  constructor(
    private readonly emit: (packet: RtpPacket) => void,
    private readonly onIdle: () => void,
  ) {}

  /** True while an event is on the wire (the endpoint mutes its audio meanwhile). */
  get active(): boolean {
    return this.current !== null;
  }

  /** Queues digits; false (and nothing queued) when one of them is not a DTMF digit. */
  enqueue(digits: string, durationMs: number): boolean {
    const codes = [...digits].map(dtmfEventOf);
    if (codes.length === 0 || codes.some((code) => code === null)) return false;
    const duration = Math.max(FRAME_MS, durationMs);
    for (const code of codes) this.queue.push({ code: code!, durationMs: duration });
    return true;
  }

  pump(nowMs: number): void {
    this.origin ??= nowMs;
    if (!this.current) {
      if (nowMs < this.restUntil) return;
      const next = this.queue.shift();
      if (!next) {
        this.onIdle();
        return;
      }
      const timestamp = Math.round(((nowMs - this.origin) * CLOCK_RATE) / 1000) >>> 0;
      this.current = { ...next, startAt: nowMs - FRAME_MS, timestamp, sent: 0 };
    }
    const event = this.current;
    const frames = Math.ceil(event.durationMs / FRAME_MS);
    const due = Math.min(frames, Math.floor((nowMs - event.startAt) / FRAME_MS));
    while (event.sent < due) {
      event.sent++;
      this.emit(this.packet(event, false, event.sent * FRAME_SAMPLES, event.sent === 1));
    }
    if (event.sent >= frames) {
      for (let i = 0; i < END_PACKETS; i++) this.emit(this.packet(event, true, frames * FRAME_SAMPLES, false));
      this.current = null;
      this.restUntil = nowMs + INTER_DIGIT_MS;
    }
  }

  private packet(event: Sending, end: boolean, duration: number, marker: boolean): RtpPacket {
    const header = new RtpHeader({
      payloadType: 101,
      sequenceNumber: this.seq,
      timestamp: event.timestamp,
      ssrc: this.ssrc,
      marker,
    });
    this.seq = (this.seq + 1) & 0xffff;
    return new RtpPacket(header, dtmfPayload(event.code, end, duration));
  }
}
