import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { renderAvatar } from '../../workers/image-jobs';
import { nowIso } from '../clock';
import { assertImageWithinLimits } from './image-check';

/** Avatars are stored square, this many pixels wide, as PNG under DATA_DIR/uploads/avatars. */
export const AVATAR_SIZE = 256;
export const AVATAR_URL_PREFIX = '/api/v0/uploads/avatars/';

export const avatarDir = (dataDir: string) => join(dataDir, 'uploads', 'avatars');

/**
 * Crops the square (x, y, size) out of an uploaded image — the region the
 * console's cropper chose — scales it to AVATAR_SIZE and stores it as the
 * user's avatar, replacing (and deleting) the previous one. The header is
 * checked first and the decoding runs in a worker thread: 400 `invalid file`
 * for anything too large, unknown or undecodable.
 */
export async function saveAvatar(
  db: Kysely<Database>,
  dataDir: string,
  userId: number,
  image: Buffer,
  crop: { x: number; y: number; size: number },
): Promise<string> {
  assertImageWithinLimits(image);
  const png = await renderAvatar(image, crop, AVATAR_SIZE);
  const file = `${userId}-${randomBytes(8).toString('hex')}.png`;
  await mkdir(avatarDir(dataDir), { recursive: true });
  await writeFile(join(avatarDir(dataDir), file), png);
  const url = `${AVATAR_URL_PREFIX}${file}`;
  await removeStoredFile(db, dataDir, userId);
  await db.updateTable('users').set({ avatar_url: url, updated_at: nowIso() }).where('id', '=', userId).execute();
  return url;
}

export async function deleteAvatar(db: Kysely<Database>, dataDir: string, userId: number): Promise<void> {
  await removeStoredFile(db, dataDir, userId);
  await db.updateTable('users').set({ avatar_url: null, updated_at: nowIso() }).where('id', '=', userId).execute();
}

async function removeStoredFile(db: Kysely<Database>, dataDir: string, userId: number) {
  const row = await db.selectFrom('users').select('avatar_url').where('id', '=', userId).executeTakeFirst();
  if (row?.avatar_url?.startsWith(AVATAR_URL_PREFIX)) {
    await unlink(join(avatarDir(dataDir), basename(row.avatar_url))).catch(() => undefined);
  }
}
