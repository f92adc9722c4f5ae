import { randomBytes } from 'node:crypto';
import { access, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO_FILENAME, AUDIO_URL_PREFIX } from '../../../src/contract/entities/emergency-alert';

/**
 * Audio of emergency alerts, stored under DATA_DIR/uploads/emergency-audio by
 * a random name (the alert's `filename`). Uploads are recognised by their
 * first bytes, not by the name the browser sent; `generate` makes a two-tone
 * siren the devices loop for the playback duration.
 */
export const audioDir = (dataDir: string) => join(dataDir, 'uploads', 'emergency-audio');
export const audioUrl = (filename: string) => `${AUDIO_URL_PREFIX}${filename}`;

export type AudioKind = 'wav' | 'mp3' | 'ogg';

/** The kind of an audio file by its signature, or null when it is none of ours. */
export function sniffAudio(data: Buffer): AudioKind | null {
  if (data.length < 12) return null;
  if (data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WAVE') return 'wav';
  if (data.toString('ascii', 0, 4) === 'OggS') return 'ogg';
  if (data.toString('ascii', 0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame starts with 11 set bits.
  if (data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0) return 'mp3';
  return null;
}

/** Stores audio and answers its name. */
export async function storeAudio(dataDir: string, data: Buffer, kind: AudioKind): Promise<string> {
  const filename = `${randomBytes(12).toString('hex')}.${kind}`;
  await mkdir(audioDir(dataDir), { recursive: true });
  await writeFile(join(audioDir(dataDir), filename), data);
  return filename;
}

export async function audioExists(dataDir: string, filename: string): Promise<boolean> {
  if (!AUDIO_FILENAME.test(filename)) return false;
  return access(join(audioDir(dataDir), filename)).then(
    () => true,
    () => false,
  );
}

export async function removeAudio(dataDir: string, filename: string): Promise<void> {
  if (AUDIO_FILENAME.test(filename)) await unlink(join(audioDir(dataDir), filename)).catch(() => undefined);
}

const SAMPLE_RATE = 8_000;
/** Hi-lo siren: two tones alternating every half second, two seconds in all (the device loops it). */
const SIREN = { tones: [960, 770], stepSeconds: 0.5, seconds: 2, amplitude: 0.6 } as const;

/** A 16-bit mono PCM WAV of the siren. */
export function sirenWav(): Buffer {
  const samples = SAMPLE_RATE * SIREN.seconds;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / SAMPLE_RATE;
    const tone = SIREN.tones[Math.floor(t / SIREN.stepSeconds) % SIREN.tones.length] ?? SIREN.tones[0];
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * tone * t) * SIREN.amplitude * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
