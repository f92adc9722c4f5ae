// Writes src/assets/sounds/important.wav: the short two-note chime played with
// important notifications. Run `node scripts/generate-notification-sound.mjs`;
// the output is committed, so the build needs no audio tools.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 16_000;
// Two soft notes (E6 then B5), each with a quick attack and an exponential fade.
const NOTES = [
  { hz: 1318.5, start: 0, length: 0.16 },
  { hz: 987.8, start: 0.12, length: 0.3 },
];
const seconds = Math.max(...NOTES.map((n) => n.start + n.length));
const samples = new Float64Array(Math.ceil(seconds * RATE));
for (const note of NOTES) {
  const from = Math.floor(note.start * RATE);
  const count = Math.floor(note.length * RATE);
  for (let i = 0; i < count; i += 1) {
    const t = i / RATE;
    const attack = Math.min(1, t / 0.01);
    const fade = Math.exp(-t * 9);
    // A little second harmonic keeps it bell-like rather than a pure beep.
    const tone = Math.sin(2 * Math.PI * note.hz * t) + 0.25 * Math.sin(4 * Math.PI * note.hz * t);
    samples[from + i] += 0.35 * attack * fade * tone;
  }
}

const data = Buffer.alloc(samples.length * 2);
for (const [i, value] of samples.entries()) {
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), i * 2);
}
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28); // byte rate
header.writeUInt16LE(2, 32); // block align
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);

const out = fileURLToPath(new URL('../src/assets/sounds/important.wav', import.meta.url));
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${out} (${header.length + data.length} bytes, ${seconds.toFixed(2)} s)`);
