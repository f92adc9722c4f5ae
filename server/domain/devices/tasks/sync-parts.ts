import { SYNC_PART_BYTES } from '../../../mqtt/protocol';

/**
 * A `sync` body as the requests that carry it (docs/device-protocol.md "sync"): itself, or, for a
 * full list whose items pass SYNC_PART_BYTES, parts `{ …, items, part, parts }` of whole items, at
 * most SYNC_PART_BYTES each. The device stages the parts and takes the list at the last one, so
 * it never decides on half a list. One item larger than a part still goes alone (items are a few
 * hundred bytes).
 */
export function syncParts(body: Record<string, unknown>): Record<string, unknown>[] {
  const items = body.items;
  if (body.mode !== 'full' || !Array.isArray(items)) return [body];
  // Each item is measured once (as it goes out: UTF-8), the whole list by their sum.
  const sizes = items.map((item) => Buffer.byteLength(JSON.stringify(item)) + 1);
  if (sizes.reduce((a, b) => a + b, 0) <= SYNC_PART_BYTES) return [body];
  const parts: unknown[][] = [];
  let current: unknown[] = [];
  let size = 0;
  items.forEach((item, i) => {
    const bytes = sizes[i] ?? 0;
    if (current.length > 0 && size + bytes > SYNC_PART_BYTES) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += bytes;
  });
  parts.push(current);
  return parts.map((chunk, i) => ({ ...body, items: chunk, part: i + 1, parts: parts.length }));
}
