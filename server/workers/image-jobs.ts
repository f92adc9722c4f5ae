import { ERROR_CODES } from '../../src/contract/errors';
import { createBoundedQueue } from '../domain/auth/bounded-queue';
import { refused, tooManyRequests } from '../domain/errors';
import type { AvatarJob } from './image-job-types';
import { startWorker } from './start-worker';

/**
 * Image decoding never runs on the main event loop (the SIP server and call
 * media share it): each job gets a fresh worker thread with a heap limit and a
 * deadline, one at a time, with a short waiting line (beyond it 429). A worker
 * that throws, runs out of memory, exits or overruns answers 400 `invalid file`.
 * Decoded pixels live outside the V8 heap, so the real memory bound is the
 * header check before (image-check.ts); the heap limit catches the rest. It is
 * sized so that what decoded before still does: jpeg-js (jimp's JPEG decoder)
 * works in the JS heap and refuses above 512 MB itself (about 30 megapixels);
 * a 24-megapixel JPEG takes some 10 s and 500 MB here on a busy 2-core machine.
 */
export const IMAGE_JOB_LIMITS = {
  concurrency: 1,
  waiting: 4,
  timeoutMs: 30_000,
  resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
};

/** Counters for tests and diagnostics. */
export const imageJobStats = { started: 0, succeeded: 0, failed: 0, timedOut: 0 };

/** One job at a time (each may hold hundreds of MB), IMAGE_JOB_LIMITS.waiting more in line. */
export const imageQueue = createBoundedQueue(IMAGE_JOB_LIMITS, tooManyRequests);

const AVATAR_WORKER = new URL('./image-worker.ts', import.meta.url);

const invalidFile = () => refused(ERROR_CODES.invalidFile);

/** Decodes the image in a worker, cuts the square out and answers a PNG `outputSize` pixels wide. */
export function renderAvatar(image: Buffer, crop: AvatarJob['crop'], outputSize: number): Promise<Buffer> {
  return imageQueue.run(() => runWorker({ image: new Uint8Array(image), crop, outputSize }));
}

/** Decodes the image in a worker and answers a PNG of the whole picture within the box (a white-label logo). */
export function renderLogo(image: Buffer, box: { width: number; height: number }): Promise<Buffer> {
  return imageQueue.run(() =>
    runWorker({ image: new Uint8Array(image), crop: { x: 0, y: 0, size: 0 }, outputSize: 0, fit: box }),
  );
}

function runWorker(job: AvatarJob): Promise<Buffer> {
  imageJobStats.started++;
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = startWorker(AVATAR_WORKER, job, {
      transfer: [job.image.buffer as ArrayBuffer],
      resourceLimits: IMAGE_JOB_LIMITS.resourceLimits,
    });
    const finish = (outcome: Buffer | 'failed' | 'timedOut') => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      if (typeof outcome === 'string') {
        imageJobStats[outcome]++;
        reject(invalidFile());
      } else {
        imageJobStats.succeeded++;
        resolve(outcome);
      }
    };
    const deadline = setTimeout(() => finish('timedOut'), IMAGE_JOB_LIMITS.timeoutMs);
    worker.once('message', (png: Uint8Array) => finish(Buffer.from(png.buffer, png.byteOffset, png.byteLength)));
    worker.once('error', () => finish('failed'));
    worker.once('exit', () => finish('failed'));
  });
}
