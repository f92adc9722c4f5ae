import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { markersEntity } from '../../src/contract/entities/marker';
import { defineEntity } from '../../src/contract/entity';
import { createEntityClient, EXPORT_TIMEOUT_MS } from '../../src/services/entity-client';
import { createKitFactory } from '../../src/services/entity-kit';
import { createHttp } from '../../src/services/http';

/** The markers entity: its calls are declared in CALLS, so the client sends them by key. */
const marker = (id: number, name: string) => ({
  id,
  name,
  color: '#d64545',
  description: null,
  users_count: 0,
  created_by_user: null,
});
const body = { name: 'East', color: '#3b6fb6' };

/** A contract whose calls no area spread into CALLS. */
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
  return { markersClient: createEntityClient(http, markersEntity), http, seen, onUnauthorized };
}

describe('entity client', () => {
  it('lists with the query of 7.1 on the wire and validates the answer', async () => {
    const { markersClient, seen } = client(
      json(200, { data: [marker(1, 'North')], meta: { page: 2, size: 10, total: 11 } }),
    );
    const page = await markersClient.list({
      page: 2,
      size: 10,
      sort: ['-name'],
      filters: [{ field: 'search', rule: 'contains', value: 'no' }],
      match: 'match_any',
    });
    expect(page.meta.total).toBe(11);
    const url = seen[0]!.url;
    expect(url.pathname).toBe('/api/v0/markers/items');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      size: '10',
      sort: '-name',
      filters: '[{"field":"search","rule":"contains","value":"no"}]',
      match: 'match_any',
    });
  });

  it('creates with PUT and answers the new id; patches by id; deletes all by filter', async () => {
    const { markersClient, seen } = client(
      json(200, { data: 42 }),
      json(200, { data: marker(42, 'East') }),
      json(200, { data: { deleted: 3 } }),
    );
    expect(await markersClient.create(body)).toBe(42);
    expect(await markersClient.patch(42, body)).toEqual(marker(42, 'East'));
    expect(await markersClient.deleteAll({ all: true, filters: [], match: 'match_all' })).toEqual({ deleted: 3 });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([
      'PUT /api/v0/markers',
      'PATCH /api/v0/markers/42',
      'POST /api/v0/markers/delete-all',
    ]);
    expect(JSON.parse(seen[0]!.body)).toEqual(body);
  });

  it('refreshes once on 401 and retries with the fresh token', async () => {
    const { markersClient, seen, onUnauthorized } = client(
      json(401, { message: 'not_authorized', code: 'not_authorized' }),
      json(200, { data: marker(1, 'North') }),
    );
    await markersClient.get(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('a refusal becomes a CallFailure with its field errors; a broken answer is refused', async () => {
    const { markersClient } = client(
      json(422, { message: 'Value not unique', errors: { name: { code: 'not_unique' } } }),
      json(200, { data: 'not an id' }),
    );
    await expect(markersClient.create({ name: 'North', color: '#d64545' })).rejects.toEqual({
      code: 'value not unique',
      status: 422,
      fields: { name: { code: 'not_unique' } },
      entities: undefined,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(markersClient.create({ name: 'North', color: '#d64545' })).rejects.toMatchObject({
      code: 'invalid response',
    });
  });

  it('exports the filter without paging, with the long timeout, and keeps the file name', async () => {
    const { markersClient, seen } = client(
      new Response('xlsx', { headers: { 'content-disposition': 'attachment; filename="markers.xlsx"' } }),
    );
    const file = await markersClient.exportFile({ page: 3, size: 20, sort: ['name'], filters: [] });
    expect(file.filename).toBe('markers.xlsx');
    expect(await file.blob.text()).toBe('xlsx');
    expect(Object.fromEntries(seen[0]!.url.searchParams)).toEqual({ sort: 'name' });
    expect(EXPORT_TIMEOUT_MS).toBe(3_600_000);
  });

  it('refuses, when it is made, an entity whose calls are not declared (not a 404 later)', () => {
    const http = createHttp({ getToken: () => null, onUnauthorized: async () => null, baseUrl: base });
    expect(() => createEntityClient(http, gates)).toThrow("the call 'GET /gates/items' is not declared");
    // A kit of it is a type error too: its list call is not a CallKey.
    const kit = createKitFactory(http, () => {});
    // @ts-expect-error '/gates' has no declared calls
    expect(() => kit(gates)).toThrow();
  });
});
