// Writes src/services/sip/assets/ring.wav: the softphone's ring (2.6, 4), a double ring of
// 440 + 480 Hz (two 0.4 s bursts 0.2 s apart, then 2 s of silence), 8 kHz 16-bit mono,
// with short fades so it does not click. Run once: `node scripts/generate-ring-tone.mjs`.
import { writeFileSync } from 'node:fs';

const rate = 8000;
const bursts = [
  [0, 0.4],
  [0.6, 1.0],
];
const length = 3.0;
const samples = new Int16Array(Math.round(rate * length));
const fade = 0.02;
for (let i = 0; i < samples.length; i++) {
  const t = i / rate;
  const burst = bursts.find(([from, to]) => t >= from && t < to);
  if (!burst) continue;
  const edge = Math.min(t - burst[0], burst[1] - t, fade) / fade;
  const tone = Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t);
  samples[i] = Math.round(tone * 0.35 * edge * 32767 * 0.5);
}
const data = Buffer.from(samples.buffer);
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write('data', 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(new URL('../src/services/sip/assets/ring.wav', import.meta.url), Buffer.concat([header, data]));
