import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import * as v from 'valibot';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { InvalidBackupReason } from '../../../src/contract/entities/backup';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Row } from '../../db/table-rows';
import { refused } from '../errors';

/**
 * The backup archive (docs/decisions.md, Backups), a zip of stored entries:
 *
 *   header.json            in clear: format and version, what it holds (name, entities, project,
 *                          when and by whom, schema and product version), the cipher and the key
 *                          derivation's parameters, and a key check
 *   manifest.enc           every table's columns, row counts and parts, every file, each with the
 *                          SHA-256 of its plain content
 *   tables/<table>/<n>.enc NDJSON (a line of column names, then one JSON array per row), gzipped
 *   files/<kind>/<name>.enc a file under DATA_DIR a row points to
 *
 * Each .enc entry is AES-256-GCM (12-byte random IV, ciphertext, 16-byte tag) with the entry's
 * name and the header's SHA-256 as additional data: an entry cannot be moved, swapped between
 * archives, nor the header edited, without the tag failing. The key is scrypt of the owner's
 * passphrase with the header's salt; the server never stores the passphrase. The first 32 bytes
 * derived encrypt; the next 32 sign the key check, so a wrong passphrase is told apart from a
 * damaged file.
 */
export const ARCHIVE_FORMAT = 'gatehouse-backup';
export const ARCHIVE_VERSION = 1;
/** Rows per table part: a part is read, checked and parsed whole. */
export const ROWS_PER_PART = 10_000;

/**
 * scrypt cost of new archives: `standard` is OWASP's floor (N=2^17, r=8, p=1: 128 MiB, about a
 * second); `low` (N=2^14) only where PASSWORD_HASH_COST=low says the server is a test server.
 * An archive keeps its parameters, so either opens anywhere.
 */
export const KDF_COSTS = { standard: { N: 2 ** 17, r: 8, p: 1 }, low: { N: 2 ** 14, r: 8, p: 1 } } as const;
export type KdfCost = keyof typeof KDF_COSTS;
/** Bounds of what an archive may ask of the key derivation (a hostile header must not exhaust memory). */
const KDF_LIMITS = { maxN: 2 ** 20, maxR: 16, maxP: 4 } as const;
/** The largest entry read (a part of 10,000 rows, a file). */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 1_000_000;
const KEY_CHECK_TEXT = 'gatehouse-backup key check';

export const HEADER_ENTRY = 'header.json';
export const MANIFEST_ENTRY = 'manifest.enc';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const base64 = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/),
    v.check((s) => {
      const n = Buffer.from(s, 'base64').length;
      return n >= min && n <= max;
    }),
  );

/** What an archive says of itself in clear. */
export const ArchiveHeaderSchema = v.object({
  format: v.literal(ARCHIVE_FORMAT),
  format_version: v.literal(ARCHIVE_VERSION),
  name: text(200),
  entities: v.pipe(v.array(text(64)), v.maxLength(64)),
  made_at: text(64),
  made_by: v.nullable(v.object({ id: v.nullable(v.number()), name: text(500) })),
  project: v.object({ id: v.number(), name: text(500) }),
  schema_version: text(200),
  product_version: text(64),
  /** A safety backup: the backup whose restore made it. */
  restoring: v.nullable(v.object({ id: v.nullable(v.number()), name: text(200) })),
  cipher: v.literal('aes-256-gcm'),
  kdf: v.object({
    name: v.literal('scrypt'),
    N: v.pipe(
      v.number(),
      v.integer(),
      v.minValue(2 ** 10),
      v.maxValue(KDF_LIMITS.maxN),
      v.check((n) => (n & (n - 1)) === 0),
    ),
    r: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(KDF_LIMITS.maxR)),
    p: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(KDF_LIMITS.maxP)),
    salt: base64(16, 64),
  }),
  key_check: base64(16, 16),
});
export type ArchiveHeader = v.InferOutput<typeof ArchiveHeaderSchema>;
/** What the maker says; the cipher's part is added by the writer. */
export type ArchiveDescription = Omit<ArchiveHeader, 'format' | 'format_version' | 'cipher' | 'kdf' | 'key_check'>;

const PartSchema = v.object({ name: text(300), rows: v.number(), sha256: text(64) });
const ManifestSchema = v.object({
  format_version: v.literal(ARCHIVE_VERSION),
  project_id: v.number(),
  schema_version: v.string(),
  entities: v.array(v.string()),
  tables: v.array(
    v.object({
      table: v.string(),
      entity: v.string(),
      columns: v.array(v.string()),
      rows: v.number(),
      parts: v.array(PartSchema),
    }),
  ),
  files: v.array(v.object({ name: text(300), kind: text(64), file: text(200), bytes: v.number(), sha256: text(64) })),
  missing_files: v.array(v.object({ kind: v.string(), file: v.string() })),
});
export type Manifest = v.InferOutput<typeof ManifestSchema>;
export type ManifestTable = Manifest['tables'][number];

/** "invalid backup image" (8.2), with why. */
export const invalidBackup = (reason: InvalidBackupReason) =>
  refused(ERROR_CODES.invalidBackupImage, {
    code: reason,
    // The console reads the reason from `params` (its client keeps params, not the body's code).
    params: { reason },
    ...(reason === 'wrong_passphrase' ? { errors: { passphrase: { code: 'wrong_passphrase' } } } : {}),
  });

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

interface Keys {
  cipher: Buffer;
  check: Buffer;
}

async function deriveKeys(passphrase: string, kdf: ArchiveHeader['kdf']): Promise<Keys> {
  const derived = await scryptAsync(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 64, {
    N: kdf.N,
    r: kdf.r,
    p: kdf.p,
    maxmem: 256 * kdf.N * kdf.r * kdf.p + 64 * 1024 * 1024,
  });
  return { cipher: derived.subarray(0, 32), check: derived.subarray(32) };
}

const keyCheck = (keys: Keys) => createHmac('sha256', keys.check).update(KEY_CHECK_TEXT).digest().subarray(0, 16);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

function seal(key: Buffer, aad: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function open(key: Buffer, aad: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < 28) throw invalidBackup('corrupted');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
  } catch {
    throw invalidBackup('corrupted');
  }
}

const aadOf = (headerHash: Buffer, entry: string) => Buffer.concat([headerHash, Buffer.from(entry, 'utf8')]);

/** NDJSON of a table part: its columns, then its rows. */
function ndjson(columns: readonly string[], rows: readonly Row[]): Buffer {
  const lines = [JSON.stringify(columns)];
  for (const row of rows) lines.push(JSON.stringify(row));
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

export const partName = (table: string, index: number) => `tables/${table}/${String(index).padStart(5, '0')}.enc`;
export const fileEntryName = (kind: string, file: string) => `files/${kind}/${file}.enc`;

/** Writes an archive to `path`: header first, then parts and files as they come, the manifest last. */
export class ArchiveWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly done: Promise<void>;
  private constructor(
    private readonly keys: Keys,
    private readonly headerHash: Buffer,
    readonly header: ArchiveHeader,
    path: string,
  ) {
    const out = createWriteStream(path);
    this.done = new Promise((resolve, reject) => {
      out.on('close', () => resolve());
      out.on('error', reject);
      (this.zip.outputStream as Readable).on('error', reject);
    });
    (this.zip.outputStream as Readable).pipe(out);
  }

  static async create(
    path: string,
    description: ArchiveDescription,
    passphrase: string,
    cost: KdfCost = 'standard',
  ): Promise<ArchiveWriter> {
    const kdf = { name: 'scrypt' as const, ...KDF_COSTS[cost], salt: randomBytes(16).toString('base64') };
    const keys = await deriveKeys(passphrase, kdf);
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      format_version: ARCHIVE_VERSION,
      ...description,
      cipher: 'aes-256-gcm',
      kdf,
      key_check: keyCheck(keys).toString('base64'),
    };
    const bytes = Buffer.from(JSON.stringify(header, null, 2), 'utf8');
    const writer = new ArchiveWriter(keys, createHash('sha256').update(bytes).digest(), header, path);
    writer.zip.addBuffer(bytes, HEADER_ENTRY, { compress: true });
    return writer;
  }

  private add(name: string, plain: Buffer): void {
    this.zip.addBuffer(seal(this.keys.cipher, aadOf(this.headerHash, name), plain), name, { compress: false });
  }

  /** One part of a table: answers what the manifest records of it. */
  async addPart(table: string, index: number, columns: readonly string[], rows: readonly Row[]) {
    const name = partName(table, index);
    const plain = ndjson(columns, rows);
    this.add(name, await gzipAsync(plain));
    return { name, rows: rows.length, sha256: sha256(plain) };
  }

  addFile(kind: string, file: string, data: Buffer) {
    const name = fileEntryName(kind, file);
    this.add(name, data);
    return { name, kind, file, bytes: data.length, sha256: sha256(data) };
  }

  /** The manifest, then the zip's end; resolves once the file is on disk. */
  async finish(manifest: Manifest): Promise<void> {
    this.add(MANIFEST_ENTRY, await gzipAsync(Buffer.from(JSON.stringify(manifest), 'utf8')));
    this.zip.end();
    await this.done;
  }

  /** Stops writing (the caller removes the file). */
  abort(): void {
    (this.zip.outputStream as Readable).destroy();
  }
}

const openZip = promisify(yauzl.open) as (path: string, options: yauzl.Options) => Promise<yauzl.ZipFile>;

/** Reads an archive: `open` checks it is one of ours (its header), `unlock` checks the passphrase. */
export class ArchiveReader {
  private keys: Keys | null = null;
  manifest: Manifest | null = null;
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    readonly header: ArchiveHeader,
    private readonly headerHash: Buffer,
  ) {}

  /** Opens the file and reads its header: "invalid backup image" unless it is an archive of ours. */
  static async open(path: string): Promise<ArchiveReader> {
    let zip: yauzl.ZipFile;
    try {
      zip = await openZip(path, { lazyEntries: true, autoClose: false, strictFileNames: true });
    } catch {
      throw invalidBackup('not_a_backup');
    }
    try {
      const entries = await listEntries(zip);
      const headerEntry = entries.get(HEADER_ENTRY);
      if (!headerEntry) throw invalidBackup('not_a_backup');
      const bytes = await readEntry(zip, headerEntry, 64 * 1024);
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw invalidBackup('not_a_backup');
      }
      const header = v.safeParse(ArchiveHeaderSchema, parsed);
      if (!header.success) throw invalidBackup('not_a_backup');
      return new ArchiveReader(zip, entries, header.output, createHash('sha256').update(bytes).digest());
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** Derives the key and opens the manifest: "invalid backup image" (wrong_passphrase / corrupted). */
  async unlock(passphrase: string): Promise<Manifest> {
    const keys = await deriveKeys(passphrase, this.header.kdf);
    if (!timingSafeEqual(keyCheck(keys), Buffer.from(this.header.key_check, 'base64'))) {
      throw invalidBackup('wrong_passphrase');
    }
    this.keys = keys;
    const plain = await this.decrypt(MANIFEST_ENTRY, true);
    let parsed: unknown;
    try {
      parsed = JSON.parse(plain.toString('utf8'));
    } catch {
      throw invalidBackup('corrupted');
    }
    const manifest = v.safeParse(ManifestSchema, parsed);
    if (!manifest.success) throw invalidBackup('corrupted');
    const named = new Set([
      MANIFEST_ENTRY,
      HEADER_ENTRY,
      ...manifest.output.tables.flatMap((t) => t.parts.map((p) => p.name)),
      ...manifest.output.files.map((f) => f.name),
    ]);
    for (const name of named) if (!this.entries.has(name)) throw invalidBackup('corrupted');
    this.manifest = manifest.output;
    return manifest.output;
  }

  private async decrypt(name: string, gzipped: boolean): Promise<Buffer> {
    if (!this.keys) throw new Error('the archive is locked');
    const entry = this.entries.get(name);
    if (!entry) throw invalidBackup('corrupted');
    const plain = open(
      this.keys.cipher,
      aadOf(this.headerHash, name),
      await readEntry(this.zip, entry, MAX_ENTRY_BYTES),
    );
    if (!gzipped) return plain;
    try {
      return await gunzipAsync(plain, { maxOutputLength: MAX_ENTRY_BYTES * 4 });
    } catch {
      throw invalidBackup('corrupted');
    }
  }

  /** Every row of a table, checked against the manifest (columns, counts, checksums). */
  async tableRows(table: ManifestTable): Promise<Row[]> {
    const rows: Row[] = [];
    for (const part of table.parts) {
      const plain = await this.decrypt(part.name, true);
      if (sha256(plain) !== part.sha256) throw invalidBackup('corrupted');
      const lines = plain.toString('utf8').split('\n');
      if (lines.at(-1) === '') lines.pop();
      const [first, ...rest] = lines;
      if (first === undefined || first !== JSON.stringify(table.columns) || rest.length !== part.rows) {
        throw invalidBackup('corrupted');
      }
      for (const line of rest) {
        const row = JSON.parse(line) as unknown;
        if (!Array.isArray(row) || row.length !== table.columns.length) throw invalidBackup('corrupted');
        for (const value of row) {
          if (value !== null && typeof value !== 'string' && typeof value !== 'number')
            throw invalidBackup('corrupted');
        }
        rows.push(row as Row);
      }
    }
    if (rows.length !== table.rows) throw invalidBackup('corrupted');
    return rows;
  }

  /** A file the archive holds, checked against the manifest. */
  async file(entry: Manifest['files'][number]): Promise<Buffer> {
    const data = await this.decrypt(entry.name, false);
    if (data.length !== entry.bytes || sha256(data) !== entry.sha256) throw invalidBackup('corrupted');
    return data;
  }

  close(): void {
    this.zip.close();
  }
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    if (zip.entryCount > MAX_ENTRIES) {
      reject(invalidBackup('not_a_backup'));
      return;
    }
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entries.has(entry.fileName)) {
        reject(invalidBackup('corrupted'));
        return;
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(invalidBackup('corrupted')));
    zip.readEntry();
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<Buffer> {
  if (entry.uncompressedSize > limit) return Promise.reject(invalidBackup('corrupted'));
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) {
        reject(invalidBackup('corrupted'));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', () => reject(invalidBackup('corrupted')));
    });
  });
}
