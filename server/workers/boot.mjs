// Entry of every worker thread: the workers are TypeScript, and a worker does not
// inherit the loader of its parent (tsx under `npm start`, Vite's under Vitest),
// so this thread registers tsx itself, then loads the entry start-worker.ts names.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
