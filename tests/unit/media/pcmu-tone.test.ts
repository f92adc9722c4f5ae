import { describe, expect, it } from 'vitest';
import { linearToUlaw, ULAW_SILENCE, ulawToLinear } from '../../../server/media/pcmu';
import { FRAME_SAMPLES, HOLD_TONE, holdTone, renderTone, renderVoiceLike } from '../../../server/media/tone';

const decode = (bytes: Uint8Array) => Array.from(bytes, ulawToLinear);
const rms = (samples: number[]) => Math.sqrt(samples.reduce((s, x) => s + x * x, 0) / Math.max(1, samples.length));

describe('G.711 µ-law', () => {
  it('encodes the reference points of the ITU-T table', () => {
    expect(linearToUlaw(0)).toBe(0xff);
    expect(linearToUlaw(-1)).toBe(0x7f);
    expect(linearToUlaw(32_767)).toBe(0x80);
    expect(linearToUlaw(-32_768)).toBe(0x00);
    expect(ULAW_SILENCE).toBe(linearToUlaw(0));
  });

  it('round-trips every byte exactly and every sample within the quantisation step', () => {
    for (let byte = 0; byte < 256; byte++) {
      // 0x7f and 0xff are both zero; every other byte survives decode → encode.
      if (byte === 0x7f) continue;
      expect(linearToUlaw(ulawToLinear(byte))).toBe(byte);
    }
    for (let sample = -32_000; sample <= 32_000; sample += 97) {
      const back = ulawToLinear(linearToUlaw(sample));
      // µ-law steps grow with magnitude: at most 1/16 of the value, plus the bias near zero.
      expect(Math.abs(back - sample)).toBeLessThanOrEqual(Math.abs(sample) / 16 + 8);
    }
  });
});

describe('tones', () => {
  it('the hold tone cycle is 1 s of 425 Hz then 4 s of silence, in whole 20 ms frames', () => {
    const cycle = holdTone();
    expect(cycle.length).toBe(5 * 8000);
    expect(cycle.length % FRAME_SAMPLES).toBe(0);
    const on = decode(cycle.subarray(0, 8000));
    const off = decode(cycle.subarray(8000));
    expect(rms(on)).toBeGreaterThan(HOLD_TONE.amplitude * 0.6);
    expect(rms(off)).toBe(0);
    // 425 cycles a second: 425 rising zero crossings (samples that quantise to 0 are skipped).
    let rising = 0;
    let negative = false;
    for (const sample of on) {
      if (sample === 0) continue;
      if (negative && sample > 0) rising++;
      negative = sample < 0;
    }
    expect(rising).toBeGreaterThanOrEqual(423);
    expect(rising).toBeLessThanOrEqual(425);
  });

  it('is rendered once and shared', () => {
    expect(holdTone()).toBe(holdTone());
  });

  it('ramps in and out: no click at the burst edges', () => {
    const cycle = renderTone({ frequencies: [1000], amplitude: 20_000, onMs: 100, offMs: 20 });
    const samples = decode(cycle);
    expect(Math.abs(samples[1]!)).toBeLessThan(2000);
    expect(Math.abs(samples[799]!)).toBeLessThan(2000);
    expect(Math.max(...samples.slice(300, 500).map(Math.abs))).toBeGreaterThan(15_000);
  });

  it('the voice-like signal has syllables and a pause', () => {
    const cycle = renderVoiceLike();
    expect(cycle.length).toBe(3 * 8000);
    const voiced = decode(cycle.subarray(0, 16_000));
    expect(rms(voiced)).toBeGreaterThan(500);
    expect(rms(decode(cycle.subarray(16_000)))).toBe(0);
    // A syllable envelope: quiet 20 ms frames between loud ones.
    const frameRms = Array.from({ length: 100 }, (_, i) => rms(voiced.slice(i * 160, i * 160 + 160)));
    expect(Math.min(...frameRms)).toBeLessThan(200);
    expect(Math.max(...frameRms)).toBeGreaterThan(2000);
  });
});
