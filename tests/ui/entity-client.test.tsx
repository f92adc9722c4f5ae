import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { defineEntity } from '../../src/contract/entity';
import { createEntityClient, EXPORT_TIMEOUT_MS } from '../../src/services/entity-client';
import { createHttp } from '../../src/services/http';

/** A small test contract: the client is generic over any EntityContract. */
const Gate = v.object({ id: v.number(), name: v.string() });
const gates = defineEntity({
  name: 'gates',
  path: '/gates',
  item: Gate,
  create: v.object({ name: v.string() }),
  patch: v.partial(v.object({ name: v.string() })),
  fields: { name: { kind: 'text', sortable: true, filterable: true } },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
  exportable: true,
  access: { view: ['markers.view'], create: ['markers.create'], edit: ['markers.edit'], delete: ['markers.delete'] },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const base = 'http://127.0.0.1/api/v0';

function client(...answers: Response[]) {
  const seen: Array<{ url: URL; method: string; auth: string | null; body: string }> = [];
  const fetch = vi.fn(async (request: Request) => {
    seen.push({
      url: new URL(request.url),
      method: request.method,
      auth: request.headers.get('authorization'),
      body: await request.text(),
    });
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next;
  });
  const onUnauthorized = vi.fn(async () => 'fresh');
  const http = createHttp({
    getToken: () => 'stale',
    onUnauthorized,
    fetch: fetch as unknown as typeof globalThis.fetch,
    baseUrl: base,
  });
  return { gatesClient: createEntityClient(http, gates), seen, onUnauthorized };
}

describe('resource client', () => {
  it('lists with the query of 7.1 on the wire and validates the answer', async () => {
    const { gatesClient, seen } = client(
      json(200, { data: [{ id: 1, name: 'North' }], meta: { page: 2, size: 10, total: 11 } }),
    );
    const page = await gatesClient.list({
      page: 2,
      size: 10,
      sort: ['-name'],
      filters: [{ field: 'search', rule: 'contains', value: 'no' }],
      match: 'match_any',
    });
    expect(page.meta.total).toBe(11);
    const url = seen[0]!.url;
    expect(url.pathname).toBe('/api/v0/gates/items');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      size: '10',
      sort: '-name',
      filters: '[{"field":"search","rule":"contains","value":"no"}]',
      match: 'match_any',
    });
  });

  it('creates with PUT and answers the new id; patches by id; deletes all by filter', async () => {
    const { gatesClient, seen } = client(
      json(200, { data: 42 }),
      json(200, { data: { id: 42, name: 'East' } }),
      json(200, { data: { deleted: 3 } }),
    );
    expect(await gatesClient.create({ name: 'East' })).toBe(42);
    expect(await gatesClient.patch(42, { name: 'East' })).toEqual({ id: 42, name: 'East' });
    expect(await gatesClient.deleteAll({ all: true, filters: [], match: 'match_all' })).toEqual({ deleted: 3 });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'PUT /api/v0/gates',
      'PATCH /api/v0/gates/42',
      'POST /api/v0/gates/delete-all',
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ name: 'East' });
  });

  it('refreshes once on 401 and retries with the fresh token', async () => {
    const { gatesClient, seen, onUnauthorized } = client(
      json(401, { message: 'not_authorized', code: 'not_authorized' }),
      json(200, { data: { id: 1, name: 'North' } }),
    );
    await gatesClient.get(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('a refusal becomes a CallFailure with its field errors; a broken answer is refused', async () => {
    const { gatesClient } = client(
      json(422, { message: 'Value not unique', errors: { name: { code: 'not_unique' } } }),
      json(200, { data: 'not an id' }),
    );
    await expect(gatesClient.create({ name: 'North' })).rejects.toEqual({
      code: 'value not unique',
      status: 422,
      fields: { name: { code: 'not_unique' } },
      entities: undefined,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(gatesClient.create({ name: 'North' })).rejects.toMatchObject({ code: 'invalid response' });
  });

  it('exports the filter without paging, with the long timeout, and keeps the file name', async () => {
    const { gatesClient, seen } = client(
      new Response('xlsx', { headers: { 'content-disposition': 'attachment; filename="gates.xlsx"' } }),
    );
    const file = await gatesClient.exportFile({ page: 3, size: 20, sort: ['name'], filters: [] });
    expect(file.filename).toBe('gates.xlsx');
    expect(await file.blob.text()).toBe('xlsx');
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({ sort: 'name' });
    expect(EXPORT_TIMEOUT_MS).toBe(3_600_000);
  });
});
