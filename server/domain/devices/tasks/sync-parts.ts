import { SYNC_PART_BYTES } from '../../../mqtt/protocol';

/**
 * The items of a list cut into parts of whole items, at most SYNC_PART_BYTES each; one part when
 * the list fits. Kept per items array: the doors of one claim holding the same list share one
 * (frozen) array (access/door-list.ts `doorLists`), so it is measured and cut once, not per door.
 */
const cuts = new WeakMap<readonly unknown[], unknown[][]>();

function cut(items: readonly unknown[]): unknown[][] {
  const known = cuts.get(items);
  if (known) return known;
  // Each item is measured once (as it goes out: UTF-8), the whole list by their sum.
  const sizes = items.map((item) => Buffer.byteLength(JSON.stringify(item)) + 1);
  const parts: unknown[][] = [];
  if (sizes.reduce((a, b) => a + b, 0) <= SYNC_PART_BYTES) parts.push(items as unknown[]);
  else {
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
  }
  // Only a list that cannot change is kept (a mutable array may be edited before its next send);
  // its parts are frozen too, so the link serialises each once (mqtt/protocol.ts requestText).
  if (Object.isFrozen(items)) {
    for (const part of parts) Object.freeze(part);
    cuts.set(items, parts);
  }
  return parts;
}

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
  const parts = cut(items);
  if (parts.length === 1) return [body];
  return parts.map((chunk, i) => ({ ...body, items: chunk, part: i + 1, parts: parts.length }));
}
