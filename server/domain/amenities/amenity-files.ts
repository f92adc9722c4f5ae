import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { renderAvatar } from '../../workers/image-jobs';
import { nowIso } from '../clock';
import { refused } from '../errors';
import { assertImageWithinLimits } from '../users/image-check';

/**
 * An amenity's files (section 3 `files`): the image — kept as uploaded (`originalUrl`, checked by
 * its header like an avatar) and as a 640 px square cut from its centre for cards (`url`, decoded
 * in a worker) — and the terms of use, a PDF. Stored under DATA_DIR/uploads/amenities by
 * unguessable name, served publicly like avatars; a replaced or deleted file is removed.
 */
export const AMENITY_IMAGE_SIZE = 640;
export const amenityFileDir = (dataDir: string) => join(dataDir, 'uploads', 'amenities');

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};
export const contentTypeOf = (file: string) => CONTENT_TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream';

const stem = (id: number) => `${id}-${randomBytes(12).toString('hex')}`;
/** A file name as the upload gave it, without paths, at most 120 characters. */
const cleanName = (name: string | undefined, fallback: string) =>
  (
    basename(name ?? '')
      .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
      .slice(0, 120) || fallback
  ).trim();

async function remove(dataDir: string, ...files: (string | null)[]) {
  for (const file of files)
    if (file) await unlink(join(amenityFileDir(dataDir), basename(file))).catch(() => undefined);
}

export async function saveAmenityImage(
  db: Kysely<Database>,
  dataDir: string,
  id: number,
  image: Buffer,
  name: string | undefined,
): Promise<void> {
  const { type, width, height } = assertImageWithinLimits(image);
  const size = Math.min(width, height);
  const crop = { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
  const png = await renderAvatar(image, crop, Math.min(AMENITY_IMAGE_SIZE, size));
  const base = stem(id);
  const shown = `${base}.png`;
  const original = `${base}-original.${type}`;
  await mkdir(amenityFileDir(dataDir), { recursive: true });
  await writeFile(join(amenityFileDir(dataDir), shown), png);
  await writeFile(join(amenityFileDir(dataDir), original), image);
  const before = await db
    .selectFrom('amenities')
    .select(['image_path', 'image_original_path'])
    .where('id', '=', id)
    .executeTakeFirst();
  await db
    .updateTable('amenities')
    .set({
      image_path: shown,
      image_original_path: original,
      image_name: cleanName(name, `image.${type}`),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
  await remove(dataDir, before?.image_path ?? null, before?.image_original_path ?? null);
}

export async function deleteAmenityImage(db: Kysely<Database>, dataDir: string, id: number): Promise<void> {
  const before = await db
    .selectFrom('amenities')
    .select(['image_path', 'image_original_path'])
    .where('id', '=', id)
    .executeTakeFirst();
  await db
    .updateTable('amenities')
    .set({ image_path: null, image_original_path: null, image_name: null, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  await remove(dataDir, before?.image_path ?? null, before?.image_original_path ?? null);
}

/** The terms of use: a PDF (its signature is checked; anything else is 400 `invalid file`). */
export async function saveAmenityTerms(
  db: Kysely<Database>,
  dataDir: string,
  id: number,
  file: Buffer,
  name: string | undefined,
): Promise<void> {
  if (file.length < 8 || file.subarray(0, 5).toString('latin1') !== '%PDF-') throw refused(ERROR_CODES.invalidFile);
  const stored = `${stem(id)}.pdf`;
  await mkdir(amenityFileDir(dataDir), { recursive: true });
  await writeFile(join(amenityFileDir(dataDir), stored), file);
  const before = await db.selectFrom('amenities').select('terms_path').where('id', '=', id).executeTakeFirst();
  await db
    .updateTable('amenities')
    .set({ terms_path: stored, terms_name: cleanName(name, 'terms-of-use.pdf'), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  await remove(dataDir, before?.terms_path ?? null);
}

export async function deleteAmenityTerms(db: Kysely<Database>, dataDir: string, id: number): Promise<void> {
  const before = await db.selectFrom('amenities').select('terms_path').where('id', '=', id).executeTakeFirst();
  await db
    .updateTable('amenities')
    .set({ terms_path: null, terms_name: null, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
  await remove(dataDir, before?.terms_path ?? null);
}
