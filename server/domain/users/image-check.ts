import { imageSize } from 'image-size';
import { AVATAR_MAX_BYTES } from '../../../src/contract/calls/users';
import { ERROR_CODES } from '../../../src/contract/errors';
import { refused } from '../errors';

/** What an uploaded picture may declare in its header, checked before anything decodes it. */
export const IMAGE_LIMITS = {
  types: ['png', 'jpg', 'webp', 'gif'],
  maxSide: 8_000,
  maxPixels: 40_000_000,
  maxBytes: AVATAR_MAX_BYTES,
};

/**
 * Reads only the header (image-size): a known type whose declared width,
 * height and pixel count are within IMAGE_LIMITS, or 400 `invalid file`.
 * A 48 KB PNG can declare 20000×20000 pixels (1.6 GB decoded); it stops here.
 */
export function assertImageWithinLimits(image: Buffer): { type: string; width: number; height: number } {
  const invalid = () => refused(ERROR_CODES.invalidFile);
  if (image.length > IMAGE_LIMITS.maxBytes) throw invalid();
  let header: ReturnType<typeof imageSize>;
  try {
    header = imageSize(image);
  } catch {
    throw invalid();
  }
  const { type = '', width, height } = header;
  if (!IMAGE_LIMITS.types.includes(type)) throw invalid();
  if (!(width > 0 && height > 0) || width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) throw invalid();
  if (width * height > IMAGE_LIMITS.maxPixels) throw invalid();
  return { type, width, height };
}
