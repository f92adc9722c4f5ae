import { describe, expect, it } from 'vitest';
import { DtmfDetector, dtmfEventOf, dtmfPayload, parseDtmfPayload } from '../../../server/media/dtmf';
import { OutboundStream, type RewritableHeader } from '../../../server/media/outbound-stream';

const header = (sequenceNumber: number, timestamp: number, ssrc = 1): RewritableHeader => ({
  sequenceNumber,
  timestamp,
  ssrc,
  marker: false,
});

describe('RFC 4733 payloads', () => {
  it('maps digits to events and back', () => {
    expect(dtmfEventOf('#')).toBe(11);
    expect(dtmfEventOf('*')).toBe(10);
    expect(dtmfEventOf('7')).toBe(7);
    expect(dtmfEventOf('d')).toBe(15);
    expect(dtmfEventOf('x')).toBeNull();
    expect(dtmfEventOf('12')).toBeNull();
    const payload = dtmfPayload(11, true, 1280, 10);
    expect([...payload]).toEqual([11, 0x80 | 10, 0x05, 0x00]);
    expect(parseDtmfPayload(payload)).toEqual({ digit: '#', end: true, volume: 10, duration: 1280 });
    expect(parseDtmfPayload(Buffer.from([16, 0, 0, 0]))).toBeNull();
    expect(parseDtmfPayload(Buffer.from([1, 0]))).toBeNull();
  });

  it('reports an event once although its packets repeat', () => {
    const detector = new DtmfDetector();
    const start = dtmfPayload(11, false, 160);
    expect(detector.detect(7, 1000, start)).toBe('#');
    expect(detector.detect(7, 1000, dtmfPayload(11, false, 320))).toBeNull();
    expect(detector.detect(7, 1000, dtmfPayload(11, true, 1280))).toBeNull();
    expect(detector.detect(7, 2000, dtmfPayload(5, false, 160))).toBe('5');
    expect(detector.detect(8, 2000, dtmfPayload(5, false, 160))).toBe('5');
  });
});

describe('outbound stream', () => {
  it('keeps sequence numbers and timestamps continuous across a source switch', () => {
    const stream = new OutboundStream();
    const tone = {};
    const peer = {};
    const sent: RewritableHeader[] = [];
    let now = 0;
    for (let i = 0; i < 5; i++, now += 20) {
      const h = header(100 + i, 5000 + i * 160);
      stream.rewrite(tone, h, now);
      sent.push(h);
    }
    // The peer's stream starts at unrelated numbers, 100 ms after the last tone packet.
    now += 80;
    for (let i = 0; i < 3; i++, now += 20) {
      const h = header(60_000 + i, 9_000_000 + i * 160, 42);
      stream.rewrite(peer, h, now);
      sent.push(h);
    }
    for (let i = 1; i < sent.length; i++) {
      expect(sent[i]!.sequenceNumber).toBe((sent[0]!.sequenceNumber + i) & 0xffff);
    }
    expect(sent.map((h) => h.marker)).toEqual([true, false, false, false, false, true, false, false]);
    // 100 ms of wall clock between the two packets around the switch = 800 samples.
    expect((sent[5]!.timestamp - sent[4]!.timestamp) >>> 0).toBe(800);
    expect((sent[6]!.timestamp - sent[5]!.timestamp) >>> 0).toBe(160);
  });

  it('advances at least one frame on an immediate switch, and wraps both counters', () => {
    const stream = new OutboundStream();
    const a = header(0xffff, 0xffff_ff00);
    stream.rewrite({}, a, 0);
    const b = header(0xffff, 0xffff_ff00, 9);
    stream.rewrite({}, b, 0);
    expect(b.sequenceNumber).toBe((a.sequenceNumber + 1) & 0xffff);
    expect((b.timestamp - a.timestamp) >>> 0).toBe(160);
  });

  it('passes a gap in the relayed stream on and keeps reordered packets in order', () => {
    const stream = new OutboundStream();
    const peer = {};
    const first = header(10, 0);
    stream.rewrite(peer, first, 0);
    const skipped = header(12, 320);
    stream.rewrite(peer, skipped, 40);
    const late = header(11, 160);
    stream.rewrite(peer, late, 41);
    expect((skipped.sequenceNumber - first.sequenceNumber) & 0xffff).toBe(2);
    expect((late.sequenceNumber - first.sequenceNumber) & 0xffff).toBe(1);
    expect([late.marker, skipped.marker]).toEqual([false, false]);
    // A late packet does not move the stream back: the next switch follows packet 12.
    const after = header(500, 0, 77);
    stream.rewrite({}, after, 60);
    expect((after.sequenceNumber - skipped.sequenceNumber) & 0xffff).toBe(1);
  });
});
