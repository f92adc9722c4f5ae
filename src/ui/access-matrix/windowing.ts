/**
 * The small windowing of the access matrix grid (docs/decisions.md, Access matrix): which rows
 * and columns of fixed size a viewport shows, with a few more on each side so scrolling does
 * not reveal blanks. Pure, so it is tested alone.
 */
export interface Window {
  /** First index shown. */
  start: number;
  /** One past the last index shown. */
  end: number;
}

export function windowOf(offset: number, viewport: number, size: number, count: number, overscan = 3): Window {
  if (count <= 0 || size <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, offset) / size);
  const last = Math.ceil((Math.max(0, offset) + Math.max(0, viewport)) / size);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.min(count, last + overscan) };
}

/** Whether the rows shown reach within `margin` rows of the last row loaded (time to ask for more). */
export const nearEnd = (rows: Window, loaded: number, margin = 20) => loaded > 0 && rows.end >= loaded - margin;
