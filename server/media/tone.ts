import { linearToUlaw, ULAW_SILENCE } from './pcmu';

/** PCMU runs at 8 kHz; we send 20 ms packets of 160 samples, the usual ptime. */
export const CLOCK_RATE = 8000;
export const FRAME_MS = 20;
export const FRAME_SAMPLES = (CLOCK_RATE * FRAME_MS) / 1000;

/** A repeating signal: one cycle is rendered once and then sliced into frames. */
export interface ToneSpec {
  /** Frequencies mixed while the tone is on, in Hz. */
  frequencies: readonly number[];
  /** Peak linear amplitude of the mix (16-bit scale). */
  amplitude: number;
  onMs: number;
  offMs: number;
}

/**
 * The hold tone: 425 Hz, 1 s on, 4 s off, i.e. the ringing tone of ITU-T E.180 used in Europe
 * and Russia, so a waiting caller hears "still ringing" while concierges decide who answers.
 * About -15 dBFS: audible, not harsh.
 */
export const HOLD_TONE: ToneSpec = { frequencies: [425], amplitude: 6000, onMs: 1000, offMs: 4000 };

/** Ramps at tone edges, so the bursts start and stop without clicks. */
const RAMP_SAMPLES = 40;

const frames = (ms: number) => Math.round(ms / FRAME_MS) * FRAME_SAMPLES;

/** One cycle of a tone as PCMU bytes (a whole number of frames). */
export function renderTone(spec: ToneSpec): Buffer {
  const on = frames(spec.onMs);
  const cycle = Buffer.alloc(on + frames(spec.offMs), ULAW_SILENCE);
  const scale = spec.amplitude / Math.max(1, spec.frequencies.length);
  for (let i = 0; i < on; i++) {
    const t = i / CLOCK_RATE;
    let sample = 0;
    for (const f of spec.frequencies) sample += Math.sin(2 * Math.PI * f * t);
    const ramp = Math.min(1, i / RAMP_SAMPLES, (on - 1 - i) / RAMP_SAMPLES);
    cycle[i] = linearToUlaw(sample * scale * ramp);
  }
  return cycle;
}

/**
 * Two seconds of something voice-like for the door-panel simulator: a 140 Hz glottal-like
 * harmonic series under two formants with a syllable envelope (about 4 syllables a second),
 * then a pause. Not speech, but it exercises a listener's jitter buffer like speech does
 * and is easy to tell from the hold tone by ear.
 */
export function renderVoiceLike(): Buffer {
  const voiced = frames(2000);
  const cycle = Buffer.alloc(voiced + frames(1000), ULAW_SILENCE);
  const formants = [700, 1200];
  // The pitch glides, so the phase is accumulated sample by sample rather than computed from t.
  let phase = 0;
  for (let i = 0; i < voiced; i++) {
    const t = i / CLOCK_RATE;
    const pitch = 140 + 20 * Math.sin(2 * Math.PI * 0.7 * t);
    phase += (2 * Math.PI * pitch) / CLOCK_RATE;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 4 * t)) ** 2;
    let sample = 0;
    for (let h = 1; pitch * h <= 3400; h++) {
      const gain = formants.reduce((g, formant) => g + 1 / (1 + ((pitch * h - formant) / 150) ** 2), 0.15);
      sample += (gain / h) * Math.sin(h * phase);
    }
    cycle[i] = linearToUlaw(sample * 7000 * syllable);
  }
  return cycle;
}

let holdToneCycle: Buffer | null = null;

/** The hold tone's cycle, rendered once per process and shared by every endpoint. */
export function holdTone(): Buffer {
  holdToneCycle ??= renderTone(HOLD_TONE);
  return holdToneCycle;
}
