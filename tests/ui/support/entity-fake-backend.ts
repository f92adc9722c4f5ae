import * as v from 'valibot';
import { vi } from 'vitest';
import { splitCallKey } from '../../../src/contract/call';
import type { EntityContract } from '../../../src/contract/entity';
import type { Filter } from '../../../src/contract/filters';
import { searchToListQuery } from '../../../src/contract/filters';
import { CALLS, type CallKey } from '../../../src/contract/http';
import type { CallFailure } from '../../../src/machines/session/session.types';
import { type DownloadedFile, formData, type Http } from '../../../src/services/http';

type Row = { id: number; [field: string]: unknown };

/** How the fake server turns a PUT/PATCH body into a stored item (relations resolved from other tables). */
export interface FakeTable {
  contract: EntityContract;
  rows: Row[];
  create?: (body: Record<string, unknown>, id: number) => Row;
  patch?: (row: Row, body: Record<string, unknown>) => Row;
  /** A refusal for a body, as the server would answer it (e.g. a duplicate login). */
  refuse?: (body: Record<string, unknown>, id: number | null) => CallFailure | null;
}

/** One recorded call. */
export interface FakeCall {
  method: string;
  path: string;
  body?: unknown;
  search: Record<string, string>;
}

/** The options the console passes to `call` and `callFile`, as the fake reads them. */
interface FakeCallOptions {
  params?: Record<string, string | number>;
  body?: unknown;
  multipart?: { fields: unknown; files: unknown };
  searchParams?: Record<string, string | number | boolean>;
}

const searchOf = (params: FakeCallOptions['searchParams']): Record<string, string> =>
  Object.fromEntries(Object.entries(params ?? {}).map(([k, value]) => [k, String(value)]));

function related(value: unknown): number[] {
  if (Array.isArray(value)) return value.map((x) => (typeof x === 'object' && x ? (x as Row).id : Number(x)));
  if (value && typeof value === 'object') return [(value as Row).id];
  return [];
}

function matches(row: Row, filter: Filter, contract: EntityContract): boolean {
  const value = filter.value;
  if (filter.field === 'search')
    return contract.search.some((f) =>
      String(row[f] ?? '')
        .toLowerCase()
        .includes(String(value).toLowerCase()),
    );
  const cell = row[filter.field];
  switch (filter.rule) {
    case 'has': {
      const ids = (Array.isArray(value) ? value : [value]).map(Number);
      return related(cell).some((id) => ids.includes(id));
    }
    case 'is':
      return value === 'not_null' ? cell !== null && cell !== undefined : cell === null || cell === undefined;
    case 'contains':
      return String(cell ?? '')
        .toLowerCase()
        .includes(String(value).toLowerCase());
    case 'equals':
      return cell === value;
    default:
      return true;
  }
}

/**
 * An in-memory platform server behind the console's Http interface: the
 * standard routes of the given entities (src/contract/entity.ts), plus any
 * extra handlers by call key. Answers are validated with the declarations'
 * response schemas, so a shape that breaks the contract fails the test.
 */
export function createFakeBackend(
  tables: Record<string, FakeTable>,
  extra: Record<string, (call: FakeCall) => unknown> = {},
) {
  const calls: FakeCall[] = [];
  let nextId = 1000;
  const find = (path: string) => {
    for (const table of Object.values(tables)) {
      const base = table.contract.path;
      if (path === base || path.startsWith(`${base}/`)) return { table, rest: path.slice(base.length) };
    }
    return null;
  };

  function handle(call: FakeCall): unknown {
    const custom = extra[`${call.method} ${call.path}`];
    if (custom) return custom(call);
    const found = find(call.path);
    if (!found) throw { code: 'not found', status: 404 } satisfies CallFailure;
    const { table, rest } = found;
    const body = (call.body ?? {}) as Record<string, unknown>;
    if (call.method === 'GET' && rest === '/items') {
      const parsed = searchToListQuery(call.search);
      if (!parsed.ok) throw { code: 'wrong parameters', status: 400 } satisfies CallFailure;
      const { page, size, sort, filters, match } = parsed.query;
      const plain = filters.filter((f) => f.field !== 'search');
      const search = filters.filter((f) => f.field === 'search');
      let rows = table.rows.filter(
        (row) =>
          search.every((f) => matches(row, f, table.contract)) &&
          (plain.length === 0 ||
            (match === 'match_any'
              ? plain.some((f) => matches(row, f, table.contract))
              : plain.every((f) => matches(row, f, table.contract)))),
      );
      const [key] = sort.length ? sort : table.contract.defaultSort;
      if (key) {
        const field = key.replace(/^-/, '');
        const dir = key.startsWith('-') ? -1 : 1;
        rows = [...rows].sort((a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? '')) * dir);
      }
      return { data: rows.slice((page - 1) * size, page * size), meta: { page, size, total: rows.length } };
    }
    if (call.method === 'POST' && rest === '/delete-all') {
      const ids = 'items' in body ? (body.items as number[]) : table.rows.map((r) => r.id);
      const before = table.rows.length;
      table.rows = table.rows.filter((r) => !ids.includes(r.id));
      return { data: { deleted: before - table.rows.length } };
    }
    if (call.method === 'PUT' && rest === '') {
      const refusal = table.refuse?.(body, null);
      if (refusal) throw refusal;
      const id = nextId++;
      table.rows.push(table.create ? table.create(body, id) : ({ ...body, id } as Row));
      return { data: id };
    }
    const id = Number(rest.slice(1));
    const row = table.rows.find((r) => r.id === id);
    if (!row) throw { code: 'item not found', status: 404 } satisfies CallFailure;
    if (call.method === 'GET') return { data: row };
    if (call.method === 'PATCH') {
      const refusal = table.refuse?.(body, id);
      if (refusal) throw refusal;
      const next = table.patch ? table.patch(row, body) : { ...row, ...body };
      table.rows = table.rows.map((r) => (r.id === id ? next : r));
      return { data: next };
    }
    if (call.method === 'DELETE') {
      table.rows = table.rows.filter((r) => r.id !== id);
      return { data: true };
    }
    throw { code: 'not found', status: 404 } satisfies CallFailure;
  }

  /** Answers a call by method and path, validated with the declaration's response schema. */
  async function answer(key: CallKey, call: FakeCall) {
    calls.push(call);
    // Answer after the caller's current work, like a network would.
    await Promise.resolve();
    const parsed = v.safeParse(CALLS[key].response as v.GenericSchema, handle(call));
    if (!parsed.success)
      throw new Error(`fake answer breaks the contract of ${key}: ${JSON.stringify(v.flatten(parsed.issues))}`);
    return parsed.output;
  }

  const fakeCall = (key: CallKey, options: FakeCallOptions): FakeCall => {
    const { method, path: template } = splitCallKey(key);
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new Error(`${key}: the path parameter '${name}' is missing`);
      return String(value);
    });
    // A multipart body is recorded as the FormData the real client sends.
    const body = options.multipart ? formData(options.multipart) : options.body;
    return { method, path, body, search: searchOf(options.searchParams) };
  };

  /** Every call the console makes goes through its declared key, as with the real client. */
  const call = vi.fn(async (key: CallKey, options: FakeCallOptions = {}) => answer(key, fakeCall(key, options)));

  /** Files (exports) answer a small blob named after the list. */
  const callFile = vi.fn(async (key: CallKey, options: FakeCallOptions = {}): Promise<DownloadedFile> => {
    const recorded = fakeCall(key, options);
    calls.push(recorded);
    return { blob: new Blob(['xlsx']), filename: `${recorded.path.split('/')[1]}.xlsx` };
  });

  const http: Http = { call, callFile } as unknown as Http;

  return { http, calls, tables, call, callFile };
}
