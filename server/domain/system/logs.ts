import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { LOG_NAME_PATTERN, type LogFile } from '../../../src/contract/entities/system';
import { itemNotFound } from '../errors';

/**
 * The server's log files (server/logging.ts) as the System page shows them: the list, the last
 * lines of one, all of them as a zip. Only names the server writes are read (the pattern has
 * no path separators), and only in the log directory.
 */
export async function listLogs(dir: string): Promise<LogFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => LOG_NAME_PATTERN.test(name))
      .map(async (name) => {
        const info = await stat(join(dir, name)).catch(() => null);
        return info?.isFile()
          ? { name, size_bytes: info.size, modified_at: info.mtime.toISOString(), mtime: info.mtimeMs }
          : null;
      }),
  );
  const found = files.filter((f): f is NonNullable<typeof f> => f !== null);
  // The file written last is the current one; newest first.
  found.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name, undefined, { numeric: true }));
  return found.map(({ mtime: _, ...file }, index) => ({ ...file, current: index === 0 }));
}

const CHUNK = 64 * 1024;
/** A tail never reads more than this from the end (100 lines of at most ~40 KB each). */
const MAX_READ = 4 * 1024 * 1024;

/** The last `count` lines of a log file (404 for a name that is not a log file here). */
export async function tailLog(dir: string, name: string, count: number): Promise<string[]> {
  if (!LOG_NAME_PATTERN.test(name)) throw itemNotFound();
  const handle = await open(join(dir, name), 'r').catch(() => null);
  if (!handle) throw itemNotFound();
  try {
    const { size } = await handle.stat();
    let position = size;
    let text = '';
    while (position > 0 && size - position < MAX_READ) {
      const length = Math.min(CHUNK, position);
      position -= length;
      const buffer = Buffer.alloc(length);
      await handle.read(buffer, 0, length, position);
      text = buffer.toString('utf8') + text;
      if (text.split('\n').length > count + 1) break;
    }
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    // A line cut at the start of what was read is not a line.
    if (position > 0) lines.shift();
    return lines.slice(-count);
  } finally {
    await handle.close();
  }
}

/** Every log file in one zip, streamed; each file as long as it was when the zip began. */
export async function zipLogs(dir: string): Promise<Readable> {
  const zip = new ZipFile();
  for (const file of await listLogs(dir)) {
    if (file.size_bytes === 0) {
      zip.addBuffer(Buffer.alloc(0), file.name, { mtime: new Date(file.modified_at) });
      continue;
    }
    const stream = createReadStream(join(dir, file.name), { start: 0, end: file.size_bytes - 1 });
    zip.addReadStream(stream, file.name, { mtime: new Date(file.modified_at) });
  }
  zip.end();
  return zip.outputStream;
}
