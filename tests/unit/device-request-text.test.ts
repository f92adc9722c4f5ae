import { describe, expect, it } from 'vitest';
import { syncParts } from '../../server/domain/devices/tasks/sync-parts';
import { requestText, SYNC_PART_BYTES } from '../../server/mqtt/protocol';

/**
 * What the device link publishes for a request: the text JSON.stringify gives, whether the body
 * holds a frozen (shared) door list, whose text is taken once, or not; and a shared list is cut
 * into the same frozen parts for every door.
 */
describe('request text and shared lists', () => {
  const item = (k: number) => ({
    id: `card:C-${k}`,
    type: 'card',
    value: `C-${k}`,
    note: 'ё "q" \u2028',
    locks: [1, 2],
  });

  it('is the text JSON.stringify gives, for plain and frozen bodies alike', () => {
    const plain = { list: 'identifiers', version: 3, mode: 'full', items: [item(1), item(2)], skip: undefined };
    const request = { id: 'b:1', kind: 'sync', at: '2026-11-28T00:00:00.000Z', body: plain };
    const expected = JSON.stringify(request);
    expect(requestText(request)).toBe(expected);
    const frozen = { ...plain, items: Object.freeze([item(1), item(2)]) };
    expect(requestText({ ...request, body: frozen })).toBe(expected);
    expect(requestText({ ...request, body: frozen })).toBe(expected); // from the kept text
    expect(requestText({ ...request, body: {} })).toBe(
      '{"id":"b:1","kind":"sync","at":"2026-11-28T00:00:00.000Z","body":{}}',
    );
    expect(JSON.parse(requestText({ ...request, body: { ...frozen, version: 4 } }))).toMatchObject({
      body: { version: 4 },
    });
  });

  it('cuts a shared list once: every door gets the same frozen parts; a mutable list is cut afresh', () => {
    const count = Math.ceil((SYNC_PART_BYTES * 2.5) / JSON.stringify(item(0)).length);
    const items = Object.freeze(Array.from({ length: count }, (_, k) => item(k)));
    const a = syncParts({ list: 'identifiers', version: 1, mode: 'full', items });
    const b = syncParts({ list: 'identifiers', version: 7, mode: 'full', items });
    expect(a.length).toBe(3);
    expect(a.map((p) => p.items)).toEqual(b.map((p) => p.items));
    a.forEach((part, k) => {
      expect(part.items).toBe(b[k]?.items);
      expect(Object.isFrozen(part.items)).toBe(true);
      expect(part).toMatchObject({ version: 1, part: k + 1, parts: 3 });
      expect(b[k]).toMatchObject({ version: 7, part: k + 1, parts: 3 });
    });
    expect(a.flatMap((p) => p.items as unknown[])).toEqual([...items]);
    const mutable = [...items];
    const c = syncParts({ list: 'identifiers', version: 1, mode: 'full', items: mutable });
    mutable.pop();
    const d = syncParts({ list: 'identifiers', version: 1, mode: 'full', items: mutable });
    expect(d.flatMap((p) => p.items as unknown[]).length).toBe(count - 1);
    expect(Object.isFrozen(c[0]?.items)).toBe(false);
  });
});
