import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

const BOOT = new URL('./boot.mjs', import.meta.url);

/** Defined (true) by scripts/build-server.mjs in the compiled server; absent under tsx and Vitest. */
declare const GATEHOUSE_COMPILED: boolean | undefined;
const COMPILED = typeof GATEHOUSE_COMPILED !== 'undefined' && GATEHOUSE_COMPILED;

/**
 * In the compiled server every worker is its own bundle beside main.mjs, named after its source
 * (`workers/image-worker.ts` → `image-worker.mjs`). `import.meta.url` there names the source file
 * (see the build script); `import.meta.dirname` is left alone and names the bundle's folder.
 */
function compiledEntry(entry: URL): URL {
  return pathToFileURL(join(import.meta.dirname, `${basename(fileURLToPath(entry), '.ts')}.mjs`));
}

/**
 * Starts a TypeScript module (a URL next to this file) in a worker thread,
 * under `npm start` (its compiled bundle), `tsx server/main.ts` and Vitest. The
 * worker reads its input as `workerData.data`; `transfer` moves buffers instead of copying them.
 */
export function startWorker(
  entry: URL,
  data: unknown,
  options: { transfer?: ArrayBuffer[]; resourceLimits?: ResourceLimits } = {},
): Worker {
  const script = COMPILED ? compiledEntry(entry) : BOOT;
  return new Worker(script, {
    workerData: { entry: entry.href, data },
    transferList: options.transfer ?? [],
    // Not the parent's flags: tsx is registered by boot.mjs, and a worker takes no inspector or loader flags of ours.
    execArgv: [],
    resourceLimits: options.resourceLimits ?? {},
  });
}
