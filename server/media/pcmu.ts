/**
 * G.711 µ-law (PCMU): 16-bit linear PCM ↔ 8-bit µ-law, as in the ITU-T reference.
 * PCMU is the codec of awaiting calls (see docs/decisions.md): every WebRTC stack and
 * door panel has it, and a tone is a table look-up away, so no Opus encoder is needed.
 */

const BIAS = 0x84;
const CLIP = 32_635;

/** µ-law byte of one 16-bit linear sample. */
export function linearToUlaw(sample: number): number {
  let s = Math.max(-32_768, Math.min(32_767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** 16-bit linear sample of one µ-law byte. */
export function ulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = (((u & 0x0f) << 3) + BIAS) << exponent;
  return u & 0x80 ? BIAS - magnitude : magnitude - BIAS;
}

/** µ-law silence (linear 0). */
export const ULAW_SILENCE = 0xff;
