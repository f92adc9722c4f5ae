/** A square crop of an image, in the image's own pixels (what POST avatar takes: x, y, size). */
export interface Crop {
  x: number;
  y: number;
  size: number;
}

/** The largest centred square of an image: where a new crop starts. */
export function initialCrop(width: number, height: number): Crop {
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

/** Keeps a crop inside the image, at least `min` pixels, in whole pixels. */
export function clampCrop(crop: Crop, width: number, height: number, min = 16): Crop {
  const size = Math.round(Math.max(Math.min(min, width, height), Math.min(crop.size, width, height)));
  return {
    x: Math.round(Math.max(0, Math.min(crop.x, width - size))),
    y: Math.round(Math.max(0, Math.min(crop.y, height - size))),
    size,
  };
}

/** Resizes around the crop's centre (the slider), then clamps. */
export function resizeCrop(crop: Crop, size: number, width: number, height: number): Crop {
  const delta = (size - crop.size) / 2;
  return clampCrop({ x: crop.x - delta, y: crop.y - delta, size }, width, height);
}
