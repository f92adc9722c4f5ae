import { tooManyRequests } from '../errors';
import { type BoundedQueue, createBoundedQueue } from './bounded-queue';

/**
 * Every argon2 hash and verify of this process goes through this one queue.
 * argon2 runs on libuv's thread pool (4 threads), which it would otherwise fill
 * (starving the HMAC checks of every authenticated call, and fs, dns, zlib), and
 * each hash holds 64 MiB. A full waiting line answers 429 `too many requests`
 * with Retry-After rather than queueing forever. Process-wide on purpose: the
 * threads and memory it protects are the process's. buildApp sets the limits
 * from PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE.
 */
export const passwordPool: BoundedQueue = createBoundedQueue({ concurrency: 2, waiting: 32 }, tooManyRequests);
