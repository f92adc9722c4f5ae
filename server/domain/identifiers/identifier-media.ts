import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { QR_IDENTIFIER_TYPES } from '../../../src/contract/entities/identifier';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { renderAvatar } from '../../workers/image-jobs';
import { nowIso } from '../clock';
import { invalidData, refused } from '../errors';
import { assertImageWithinLimits } from '../users/image-check';

/**
 * The QR image of an identifier's value (2.5 QR preview) and a face identifier's photo.
 * A QR is drawn for what a reader scans or a person types (QR_IDENTIFIER_TYPES) while the
 * identifier is not revoked; otherwise "view identifier not available". The photo is the
 * centred square of the upload, 512 px, PNG, checked and decoded like an avatar.
 */
export const FACE_PHOTO_SIZE = 512;
export const QR_IMAGE_WIDTH = 512;
export const photoDir = (dataDir: string) => join(dataDir, 'uploads', 'identifiers');

export async function identifierQr(db: Kysely<Database>, id: number): Promise<Buffer> {
  const row = await db
    .selectFrom('identifiers')
    .select(['type', 'value', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || !(QR_IDENTIFIER_TYPES as readonly string[]).includes(row.type)) {
    throw refused(ERROR_CODES.viewIdentifierNotAvailable);
  }
  return QRCode.toBuffer(row.value, { type: 'png', width: QR_IMAGE_WIDTH, margin: 2, errorCorrectionLevel: 'M' });
}

export async function saveFacePhoto(db: Kysely<Database>, dataDir: string, id: number, image: Buffer): Promise<void> {
  const row = await db.selectFrom('identifiers').select(['type', 'photo_path']).where('id', '=', id).executeTakeFirst();
  if (row?.type !== 'face') throw invalidData({ type: { code: 'invalid' } });
  const { width, height } = assertImageWithinLimits(image);
  const size = Math.min(width, height);
  const crop = { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
  const png = await renderAvatar(image, crop, FACE_PHOTO_SIZE);
  const file = `${id}-${randomBytes(8).toString('hex')}.png`;
  await mkdir(photoDir(dataDir), { recursive: true });
  await writeFile(join(photoDir(dataDir), file), png);
  await db.updateTable('identifiers').set({ photo_path: file, updated_at: nowIso() }).where('id', '=', id).execute();
  if (row.photo_path) await unlink(join(photoDir(dataDir), basename(row.photo_path))).catch(() => undefined);
}
