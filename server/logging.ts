import { join } from 'node:path';
import pino, { type Level, type Logger, type StreamEntry } from 'pino';
import pinoRoll from 'pino-roll';
import type { Config } from './config';

/** A log file rolls at this size or at midnight, whichever comes first. */
const FILE_SIZE = '10m';
/** Files kept besides the one being written (so at most 11 × 10 MB). */
const FILES_KEPT = 10;
/** Log files are `server.<n>.log` under DATA_DIR/logs (src/contract/entities/system.ts LOG_NAME_PATTERN). */
export const LOG_FILE_BASE = 'server';

/**
 * The server's logger (pino, Fastify's own): LOG_LEVEL to standard output as before, and
 * LOG_FILE_LEVEL (default info: requests, warnings, errors) to rotating files under
 * DATA_DIR/logs that the System page lists, shows and downloads (docs/decisions.md, "System and
 * metrics"). `close` flushes and closes the file; nothing is written after it.
 */
export async function createServerLogger(config: Config): Promise<{ logger: Logger; close(): void }> {
  const streams: StreamEntry[] = [];
  if (config.logLevel !== 'silent') streams.push({ level: config.logLevel as Level, stream: process.stdout });
  const fileLevel = config.system.logFileLevel;
  const file =
    fileLevel === 'off' || fileLevel === 'silent'
      ? null
      : await pinoRoll({
          file: join(config.system.logDir, LOG_FILE_BASE),
          extension: '.log',
          size: FILE_SIZE,
          frequency: 'daily',
          limit: { count: FILES_KEPT },
          mkdir: true,
        });
  if (file && fileLevel !== 'off') streams.push({ level: fileLevel as Level, stream: file });
  const levels = streams.map((s) => pino.levels.values[s.level as string] ?? Number.POSITIVE_INFINITY);
  const lowest = Math.min(...levels);
  const level = streams.length === 0 ? 'silent' : (pino.levels.labels[lowest] ?? 'info');
  const logger = pino({ level }, pino.multistream(streams));
  let closed = false;
  return {
    logger,
    close() {
      if (closed || !file) return;
      closed = true;
      file.flushSync();
      file.end();
    },
  };
}
