import { type ResourceLimits, Worker } from 'node:worker_threads';

const BOOT = new URL('./boot.mjs', import.meta.url);

/**
 * Starts a TypeScript module (a URL next to this file) in a worker thread,
 * under both `tsx server/main.ts` and Vitest. The worker reads its input as
 * `workerData.data`; `transfer` moves buffers instead of copying them.
 */
export function startWorker(
  entry: URL,
  data: unknown,
  options: { transfer?: ArrayBuffer[]; resourceLimits?: ResourceLimits } = {},
): Worker {
  return new Worker(BOOT, {
    workerData: { entry: entry.href, data },
    transferList: options.transfer ?? [],
    // Not the parent's flags: tsx is registered by boot.mjs, and a worker takes no inspector or loader flags of ours.
    execArgv: [],
    resourceLimits: options.resourceLimits ?? {},
  });
}
