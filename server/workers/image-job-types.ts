/** What the image worker is given: the uploaded bytes and the square to cut out of them. */
export interface AvatarJob {
  image: Uint8Array;
  crop: { x: number; y: number; size: number };
  /** Width and height of the PNG it answers. */
  outputSize: number;
}
