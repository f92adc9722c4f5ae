/**
 * Worker thread body (started by image-jobs.ts through boot.mjs, one per job): decodes an
 * uploaded picture, crops the square the console chose and scales it to an
 * avatar PNG. Runs apart from the main event loop, under resource limits;
 * any failure is the parent's `invalid file`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Jimp } from 'jimp';
import type { AvatarJob } from './image-job-types';

const { image, crop, outputSize, fit } = (workerData as { data: AvatarJob }).data;
const picture = await Jimp.read(Buffer.from(image));
const { width, height } = picture.bitmap;
if (fit) {
  // A logo: the whole picture, within the box, proportions kept, never enlarged.
  const scale = Math.min(1, fit.width / width, fit.height / height);
  if (scale < 1)
    picture.resize({ w: Math.max(1, Math.round(width * scale)), h: Math.max(1, Math.round(height * scale)) });
} else {
  const size = Math.max(1, Math.min(Math.round(crop.size), width, height));
  const x = Math.min(Math.max(0, Math.round(crop.x)), width - size);
  const y = Math.min(Math.max(0, Math.round(crop.y)), height - size);
  picture.crop({ x, y, w: size, h: size }).resize({ w: outputSize, h: outputSize });
}
const png = await picture.getBuffer('image/png');
const out = new Uint8Array(png); // a copy with its own ArrayBuffer, which can be transferred
parentPort?.postMessage(out, [out.buffer]);
