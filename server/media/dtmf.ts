/**
 * RFC 4733 telephone-event payloads (DTMF in RTP): 4 bytes per packet,
 * event | E R volume(6) | duration(16), all packets of one event sharing its timestamp.
 */

const DIGITS = '0123456789*#ABCD';

/** Event code of a DTMF digit (RFC 4733 §3.2), or null for anything else. */
export function dtmfEventOf(digit: string): number | null {
  const index = DIGITS.indexOf(digit.toUpperCase());
  return digit.length === 1 && index >= 0 ? index : null;
}

/** One telephone-event payload as read from a packet. */
export interface DtmfPayload {
  digit: string;
  end: boolean;
  volume: number;
  duration: number;
}

/** Reads a telephone-event payload; null when it is not a DTMF event (0-15). */
export function parseDtmfPayload(payload: Uint8Array): DtmfPayload | null {
  if (payload.length < 4) return null;
  const digit = DIGITS[payload[0]!];
  if (digit === undefined) return null;
  return {
    digit,
    end: (payload[1]! & 0x80) !== 0,
    volume: payload[1]! & 0x3f,
    duration: (payload[2]! << 8) | payload[3]!,
  };
}

/** Builds a telephone-event payload. Volume is in -dBm0 (RFC 4733: 0-63). */
export function dtmfPayload(event: number, end: boolean, duration: number, volume = 10): Buffer {
  const payload = Buffer.alloc(4);
  payload[0] = event;
  payload[1] = (end ? 0x80 : 0) | (volume & 0x3f);
  payload.writeUInt16BE(Math.min(duration, 0xffff), 2);
  return payload;
}

/**
 * Reports each event once: senders repeat every packet of an event (and the end packet
 * three times), and all of them carry the event's start timestamp.
 */
export class DtmfDetector {
  private lastKey: string | null = null;

  /** The digit when this packet starts a new event, else null. */
  detect(ssrc: number, timestamp: number, payload: Uint8Array): string | null {
    const event = parseDtmfPayload(payload);
    if (!event) return null;
    const key = `${ssrc}:${timestamp}`;
    if (key === this.lastKey) return null;
    this.lastKey = key;
    return event.digit;
  }
}
