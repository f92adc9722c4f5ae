/**
 * What the image worker is given: the uploaded bytes and either the square to cut out of them
 * (an avatar, `outputSize` wide) or a box to fit the whole picture in, proportions kept (a logo).
 */
export interface AvatarJob {
  image: Uint8Array;
  crop: { x: number; y: number; size: number };
  /** Width and height of the PNG it answers. */
  outputSize: number;
  /** Instead of the crop: the whole picture, scaled down to fit this box (never up). */
  fit?: { width: number; height: number };
}
