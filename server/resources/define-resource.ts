import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import * as v from 'valibot';
import { DeleteAllSchema, type ListQuery } from '../../src/contract/filters';
import type { Permission } from '../../src/contract/permissions';
import { type ResourceContract, resourcePaths } from '../../src/contract/resource';
import { issuesToFieldErrors } from '../../src/contract/validation';
import type { Auth } from '../domain/auth-context';
import { authOf, requirePermission } from '../http/auth';
import { invalidData, itemNotFound } from '../http/http-error';
import { type ListColumns, orderOf, parseListQuery, whereOf } from './list-sql';

/**
 * defineResource: the routes of one entity from its contract (src/contract/resource.ts).
 *
 * How to add an entity:
 *   1. its ResourceContract (schemas, fields with kinds, search fields, `with`);
 *   2. a definition here: `scoped(auth)` — FROM + joins + WHERE of the rows the caller may see
 *      (project and permission scope; applied to the page, the count, item reads, edits, deletes
 *      and exports alike, so nobody reaches a row outside it); `select` — the columns to read;
 *      `columns` — the SQL column of every filterable/sortable field; `toItems` — rows to
 *      contract items (loading `with` relations in one query per relation, not per row);
 *   3. writers: `create`, `patch`, `remove` with the entity's rules (server/domain/<area>.ts).
 * Routes whose writer is absent are not registered.
 */
// biome-ignore lint/suspicious/noExplicitAny: rows of any table flow through the generic machinery.
export type AnySelect = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: a row as selected by the definition.
export type Row = Record<string, any>;

export interface ResourceDefinition<C extends ResourceContract> extends ListColumns {
  contract: C;
  permissions: {
    view: Permission[];
    create?: Permission[];
    edit?: Permission[];
    delete?: Permission[];
    /** Who may export; defaults to `view`. */
    export?: Permission[];
  };
  /** The rows the caller may see, without a select list. */
  scoped: (auth: Auth) => AnySelect;
  /** Adds the selected columns to a scoped query (columns may depend on the caller: unread counts). */
  select: (query: AnySelect, auth: Auth) => AnySelect;
  toItems: (rows: Row[], auth: Auth, withs: readonly string[]) => Promise<v.InferInput<C['item']>[]>;
  create?: (auth: Auth, body: v.InferOutput<C['create']>) => Promise<number>;
  patch?: (auth: Auth, id: number, body: v.InferOutput<C['patch']>) => Promise<void>;
  /** Deletes rows already known to be visible; answers how many went. */
  remove?: (auth: Auth, ids: number[]) => Promise<number>;
  /** Export columns: field → value of an item (defaults to the contract's sortable/filterable fields). */
  exportColumns?: Record<string, (item: v.InferInput<C['item']>) => unknown>;
}

/** Parses a body with a contract schema: 400 `invalid data sent` with per-field errors. */
export function parseBody<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  if (Array.isArray(body)) throw invalidData({ _: { code: 'invalid' } });
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw invalidData(issuesToFieldErrors(parsed.issues));
  return parsed.output;
}

/** The `{id}` of a path; anything but a positive integer names nothing (404). */
export function idOf(request: FastifyRequest): number {
  const raw = (request.params as Record<string, string | undefined>).id ?? '';
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw itemNotFound();
  return id;
}

/** Reads one page and the total that matches (both within the caller's scope). */
export async function readPage<C extends ResourceContract>(def: ResourceDefinition<C>, auth: Auth, query: ListQuery) {
  const where = whereOf(def.contract, def, query);
  const base = where ? def.scoped(auth).where(where) : def.scoped(auth);
  const counted = await base.select(sql<number | string>`count(*)`.as('total')).executeTakeFirst();
  let page = def.select(base, auth);
  for (const term of orderOf(def.contract, def, query.sort)) page = page.orderBy(term);
  const rows = await page
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute();
  return {
    data: await def.toItems(rows, auth, query.with),
    meta: { page: query.page, size: query.size, total: Number(counted?.total ?? 0) },
  };
}

/** Ids of the visible rows among `ids`, or of every visible row matching a filter. */
export async function visibleIds<C extends ResourceContract>(
  def: ResourceDefinition<C>,
  auth: Auth,
  selection: { ids: number[] } | Pick<ListQuery, 'filters' | 'match'>,
): Promise<number[]> {
  let q = def.scoped(auth);
  if ('ids' in selection) {
    if (selection.ids.length === 0) return [];
    q = q.where(sql<SqlBool>`${sql.ref(def.idColumn)} in (${sql.join(selection.ids)})`);
  } else {
    const where = whereOf(def.contract, def, selection);
    if (where) q = q.where(where);
  }
  const rows = await q.select(sql<number>`${sql.ref(def.idColumn)}`.as('id')).execute();
  return rows.map((r) => Number(r.id));
}

async function readItem<C extends ResourceContract>(def: ResourceDefinition<C>, auth: Auth, id: number) {
  const condition: Expression<SqlBool> = sql<SqlBool>`${sql.ref(def.idColumn)} = ${id}`;
  const rows = await def.select(def.scoped(auth).where(condition), auth).execute();
  if (rows.length === 0) throw itemNotFound();
  const [item] = await def.toItems(rows, auth, def.contract.with);
  return item;
}

/**
 * The read side alone: `items` and, when exportable, `export`. Entities whose
 * writes need their own routes (groups: nested set and hierarchy rules) use
 * this and register the rest themselves. `within(request)` may narrow the
 * scope further for a sub-list (items of one group).
 */
export function defineList<C extends ResourceContract>(
  app: FastifyInstance,
  def: ResourceDefinition<C>,
  options: {
    path?: string;
    exportPath?: string | null;
    within?: (request: FastifyRequest, auth: Auth) => Promise<Expression<SqlBool>>;
  } = {},
): void {
  const paths = resourcePaths(def.contract);
  const config = { auth: true };
  const narrowed = async (request: FastifyRequest): Promise<ResourceDefinition<C>> => {
    if (!options.within) return def;
    const condition = await options.within(request, authOf(request));
    return { ...def, scoped: (auth) => def.scoped(auth).where(condition) };
  };

  app.get(
    (options.path ?? paths.items).replace('{id}', ':id'),
    { config, preHandler: requirePermission(...def.permissions.view) },
    async (request) => {
      const query = parseListQuery(def.contract, request.query);
      return readPage(await narrowed(request), authOf(request), query);
    },
  );

  const exportPath = options.exportPath === undefined ? paths.export : options.exportPath;
  if (def.contract.exportable && exportPath) {
    app.get(
      exportPath.replace('{id}', ':id'),
      { config, preHandler: requirePermission(...(def.permissions.export ?? def.permissions.view)) },
      async (request, reply) => {
        const auth = authOf(request);
        const scoped = await narrowed(request);
        const query = parseListQuery(def.contract, request.query);
        const ids = await visibleIds(scoped, auth, query);
        const all = ids.length === 0 ? [] : await readAll(scoped, auth, ids, query);
        const buffer = await toWorkbook(def, all);
        reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${def.contract.name}.xlsx"`);
        return reply.send(buffer);
      },
    );
  }
}

export function defineResource<C extends ResourceContract>(app: FastifyInstance, def: ResourceDefinition<C>): void {
  const paths = resourcePaths(def.contract);
  const url = (path: string) => path.replace('{id}', ':id');
  const guard = (perms: Permission[]): preHandlerAsyncHookHandler => requirePermission(...perms);
  const config = { auth: true };

  defineList(app, def);

  app.get(url(paths.item('{id}')), { config, preHandler: guard(def.permissions.view) }, async (request) => ({
    data: await readItem(def, authOf(request), idOf(request)),
  }));

  const { create, patch, remove } = def;
  if (create && def.permissions.create) {
    app.put(paths.create, { config, preHandler: guard(def.permissions.create) }, async (request) => {
      const body = parseBody(def.contract.create, request.body);
      return { data: await create(authOf(request), body) };
    });
  }

  if (patch && def.permissions.edit) {
    app.patch(url(paths.item('{id}')), { config, preHandler: guard(def.permissions.edit) }, async (request) => {
      const auth = authOf(request);
      const id = idOf(request);
      await readItem(def, auth, id);
      await patch(auth, id, parseBody(def.contract.patch, request.body));
      return { data: await readItem(def, auth, id) };
    });
  }

  if (remove && def.permissions.delete) {
    app.delete(url(paths.item('{id}')), { config, preHandler: guard(def.permissions.delete) }, async (request) => {
      const auth = authOf(request);
      const ids = await visibleIds(def, auth, { ids: [idOf(request)] });
      if (ids.length === 0) throw itemNotFound();
      await remove(auth, ids);
      return { data: true };
    });

    app.post(paths.deleteAll, { config, preHandler: guard(def.permissions.delete) }, async (request) => {
      const auth = authOf(request);
      const body = parseBody(DeleteAllSchema, request.body);
      let ids: number[];
      if ('items' in body) ids = await visibleIds(def, auth, { ids: body.items });
      else {
        const selection = { filters: body.filters, match: body.match };
        parseFiltersOnly(def.contract, selection);
        ids = await visibleIds(def, auth, selection);
      }
      return { data: { deleted: ids.length === 0 ? 0 : await remove(auth, ids) } };
    });
  }
}

/** Checks select-all filters against the whitelist, like a list query. */
function parseFiltersOnly(contract: ResourceContract, selection: Pick<ListQuery, 'filters' | 'match'>) {
  parseListQuery(contract, { filters: JSON.stringify(selection.filters), match: selection.match });
}

const EXPORT_CHUNK = 500;

async function readAll<C extends ResourceContract>(
  def: ResourceDefinition<C>,
  auth: Auth,
  ids: number[],
  query: ListQuery,
) {
  const items: v.InferInput<C['item']>[] = [];
  for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
    const chunk = ids.slice(i, i + EXPORT_CHUNK);
    let q = def.select(def.scoped(auth).where(sql<SqlBool>`${sql.ref(def.idColumn)} in (${sql.join(chunk)})`), auth);
    for (const term of orderOf(def.contract, def, query.sort)) q = q.orderBy(term);
    items.push(...(await def.toItems(await q.execute(), auth, query.with)));
  }
  return items;
}

async function toWorkbook<C extends ResourceContract>(def: ResourceDefinition<C>, items: v.InferInput<C['item']>[]) {
  const columns =
    def.exportColumns ??
    Object.fromEntries(
      Object.entries(def.contract.fields)
        .filter(([, f]) => f.kind !== 'relation')
        .map(([field]) => [field, (item: Row) => item[field]]),
    );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.contract.name);
  sheet.columns = Object.keys(columns).map((key) => ({ header: key, key, width: 24 }));
  for (const item of items) {
    sheet.addRow(
      Object.fromEntries(
        Object.entries(columns).map(([key, read]) => {
          const value = read(item as never);
          return [key, Array.isArray(value) ? value.join(', ') : (value ?? '')];
        }),
      ),
    );
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
