import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { LOGO_BOX } from '../../../src/contract/entities/project-settings';
import { renderLogo } from '../../workers/image-jobs';
import { assertImageWithinLimits } from '../users/image-check';

/**
 * White-label logos (the project's, a group's) are stored as PNG under
 * DATA_DIR/uploads/logos, within LOGO_BOX, named `p<project>-…` or `g<group>-…`
 * with 64 random bits, and served publicly by that name (mail clients load them
 * without a token). The header is checked and the decoding runs in the image
 * worker (400 `invalid file` otherwise), as for avatars.
 */
export const LOGO_URL_PREFIX = '/api/v0/uploads/logos/';
export const logoDir = (dataDir: string) => join(dataDir, 'uploads', 'logos');

/** Stores an uploaded picture as a logo; answers its URL. */
export async function storeLogo(dataDir: string, owner: `p${number}` | `g${number}`, image: Buffer): Promise<string> {
  assertImageWithinLimits(image);
  const png = await renderLogo(image, LOGO_BOX);
  const file = `${owner}-${randomBytes(8).toString('hex')}.png`;
  await mkdir(logoDir(dataDir), { recursive: true });
  await writeFile(join(logoDir(dataDir), file), png);
  return `${LOGO_URL_PREFIX}${file}`;
}

/** Removes a stored logo's file (a URL of ours; anything else is left alone). */
export async function removeLogo(dataDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(LOGO_URL_PREFIX)) return;
  await unlink(join(logoDir(dataDir), basename(url))).catch(() => undefined);
}
