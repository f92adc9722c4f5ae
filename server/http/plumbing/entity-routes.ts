import type { FastifyInstance } from 'fastify';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type * as v from 'valibot';
import type { EntityContract } from '../../../src/contract/entity';
import type { DeleteAll, ListQuery, ListSearch } from '../../../src/contract/filters';
import { type DialectName, dialectOf } from '../../db/dialects';
import type { ListVersionTable } from '../../db/list-index-names';
import { afterCondition, decodeCursor, encodeCursor, keysetSort } from '../../db/list-keyset';
import { type ListColumns, orderOf, parseListQuery, whereOf } from '../../db/list-sql';
import { createListTotals, type ListTotals } from '../../db/list-totals';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound, wrongParameters } from '../../domain/errors';
import { loadExcelJS } from '../../lazy-packages';
import { registerAuditReader } from './audit-trail';
import { type DeclaredCallInput, type ObjectScope, registerDeclaredCall, registerObjectScope } from './register-call';

type ItemOf<E extends EntityContract> = v.InferInput<E['item']>;

/**
 * The server side of one entity (src/contract/entity.ts): the SQL of the rows a
 * caller may see and the writers. `registerEntityCalls` registers, through
 * `registerCall`, every standard call the contract declares, and the entity's
 * object scope, so custom calls naming the entity (`object: { entity }`) are
 * checked against the same rows.
 *
 * The query builders keep their types: `scoped` gives FROM + joins + WHERE of
 * the rows the caller may see (project and permission scope: applied to the
 * page, the count, item reads, edits, deletes and exports alike, so nobody
 * reaches a row outside it); `select` adds the columns of a row; `toItems`
 * turns typed rows into contract items (loading `with` relations in one
 * query per relation, not per row).
 */
export interface EntityServer<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>
  extends ListColumns {
  entity: E;
  scoped: (auth: Auth) => SelectQueryBuilder<DB, TB, object>;
  select: (query: SelectQueryBuilder<DB, TB, object>, auth: Auth) => SelectQueryBuilder<SDB, STB, Row>;
  toItems: (rows: Row[], auth: Auth, withs: readonly string[]) => Promise<ItemOf<E>[]>;
  create?: (auth: Auth, body: v.InferOutput<E['create']>) => Promise<number>;
  patch?: (auth: Auth, id: number, body: v.InferOutput<E['patch']>) => Promise<void>;
  /** Deletes rows already known to be visible and permitted; answers how many went. */
  remove?: (auth: Auth, ids: number[]) => Promise<number>;
  /** Of visible objects, the ones the caller may edit or delete (object-level rules beyond the scope, 6.1). */
  permitted?: ObjectScope['permitted'];
  /** Export columns: field → value of an item (defaults to the contract's plain fields). */
  exportColumns?: Record<string, (item: ItemOf<E>) => unknown>;
  /** Standard calls this entity answers its own way (groups write through the nested set). */
  custom?: readonly ('create' | 'patch' | 'delete' | 'item')[];
  /**
   * Narrow list rows (the contract's `listItem`): the columns and items of a page, when
   * they are fewer than an item's. Item reads, writes and exports use `select`/`toItems`.
   */
  list?: {
    /** Any select over the scoped query (its own joins). */
    select: (query: SelectQueryBuilder<DB, TB, object>, auth: Auth) => unknown;
    toItems: (rows: never[], auth: Auth, withs: readonly string[]) => Promise<unknown[]>;
  };
  /**
   * The tables a page and its total read, when each has a write counter (`list_versions`,
   * migration 0012): totals are then cached until one of them changes.
   */
  versions?: readonly ListVersionTable[];
}

/** What pages of an entity need from the server: the dialect (keyset nulls) and its totals cache. */
interface ListEngine {
  dialect: DialectName;
  totals: ListTotals | null;
}
const engines = new WeakMap<object, ListEngine>();

/**
 * One page and the total that matches (both within the caller's scope). With `after` the
 * page starts after the cursor's row (keyset); `meta.next` is the cursor of the page after.
 */
export async function readPage<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  auth: Auth,
  query: ListQuery,
  within?: Expression<SqlBool>,
) {
  const engine = engines.get(def);
  const where = whereOf(def.entity, def, query, auth);
  let base = def.scoped(auth);
  if (within) base = base.where(within);
  if (where) base = base.where(where);
  const count = base.select(sql<number | string>`count(*)`.as('total'));
  const total = engine?.totals
    ? await engine.totals.total(count)
    : Number(((await count.executeTakeFirst()) as { total?: number | string } | undefined)?.total ?? 0);
  const sort = engine ? keysetSort(def.entity, query.sort) : null;
  let offset = (query.page - 1) * query.size;
  if (query.after) {
    if (!engine) throw wrongParameters({ after: { code: 'invalid' } });
    base = base.where(afterCondition(def, decodeCursor(query.after, sort), engine.dialect));
    offset = 0;
  }
  let page = (def.list?.select ?? def.select)(base, auth) as unknown as SelectQueryBuilder<SDB, STB, object>;
  if (sort) {
    page = page.select([
      sql.ref(def.columns[sort.field] ?? def.idColumn).as('__sort_value'),
      sql.ref(def.idColumn).as('__sort_id'),
    ]) as typeof page;
  }
  for (const term of orderOf(def.entity, def, query.sort)) page = page.orderBy(term);
  const rows = (await page.limit(query.size).offset(offset).execute()) as Record<string, unknown>[];
  const last = rows.at(-1);
  const value = last?.__sort_value;
  const next =
    sort && last && rows.length === query.size && query.page * query.size < total
      ? typeof value === 'string' || typeof value === 'number'
        ? encodeCursor({ ...sort, value, id: Number(last.__sort_id) })
        : null
      : null;
  // A narrow row is checked against the list's own schema by the call's response.
  const data = (
    def.list
      ? await def.list.toItems(rows as never[], auth, query.with)
      : await def.toItems(rows as Row[], auth, query.with)
  ) as ItemOf<E>[];
  return { data, meta: { page: query.page, size: query.size, total, next } };
}

/** Ids of the visible rows among `ids`, or of every visible row matching a filter. */
export async function visibleIds<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  auth: Auth,
  selection: { ids: readonly number[] } | Pick<ListQuery, 'filters' | 'match'>,
): Promise<number[]> {
  let q = def.scoped(auth);
  if ('ids' in selection) {
    if (selection.ids.length === 0) return [];
    q = q.where(sql<SqlBool>`${sql.ref(def.idColumn)} in (${sql.join([...selection.ids])})`);
  } else {
    const where = whereOf(def.entity, def, selection, auth);
    if (where) q = q.where(where);
  }
  const rows = await q.select(sql<number>`${sql.ref(def.idColumn)}`.as('id')).execute();
  return rows.map((r) => Number((r as { id: number }).id));
}

/** One item by id, within the caller's scope (404 otherwise). */
export async function readItem<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  auth: Auth,
  id: number,
): Promise<ItemOf<E>> {
  const rows = await def.select(def.scoped(auth).where(sql<SqlBool>`${sql.ref(def.idColumn)} = ${id}`), auth).execute();
  const [item] = rows.length === 0 ? [] : await def.toItems(rows as Row[], auth, def.entity.with);
  if (item === undefined) throw itemNotFound();
  return item;
}

/**
 * Items by id within the caller's scope, with every relation an item has (what the audit trail
 * compares before and after an act), in chunks.
 */
export async function readItems<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  auth: Auth,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  const found = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
    const chunk = ids.slice(i, i + EXPORT_CHUNK);
    const q = def.select(def.scoped(auth).where(sql<SqlBool>`${sql.ref(def.idColumn)} in (${sql.join(chunk)})`), auth);
    const items = await def.toItems((await q.execute()) as Row[], auth, def.entity.with);
    for (const item of items as Record<string, unknown>[]) found.set(Number(item.id), item);
  }
  return found;
}

/** The object scope of an entity: its visible rows, narrowed by `permitted` for writes. */
export function objectScopeOf<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
): ObjectScope {
  return {
    visible: (auth, ids) => visibleIds(def, auth, { ids }),
    permitted: def.permitted,
  };
}

/** The ids a delete-all names, kept to those visible and permitted. */
async function selectionOf<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  auth: Auth,
  body: DeleteAll,
): Promise<number[]> {
  let ids: number[];
  if ('items' in body) ids = await visibleIds(def, auth, { ids: body.items });
  else {
    parseListQuery(def.entity, { filters: JSON.stringify(body.filters), match: body.match });
    ids = await visibleIds(def, auth, { filters: body.filters, match: body.match });
  }
  if (ids.length === 0 || !def.permitted) return ids;
  return def.permitted(auth, ids, 'delete');
}

/**
 * Registers the standard calls an entity's contract declares (list, item,
 * create, patch, delete, delete-all, export) and its object scope. A declared
 * call without its writer (and not `custom`) is left out, and the API plugin
 * refuses to start with a declared call missing.
 */
export function registerEntityCalls<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  app: FastifyInstance,
  definition: EntityServer<E, DB, TB, SDB, STB, Row>,
): void {
  const def = definition;
  const { path, access } = def.entity;
  const custom = new Set(def.custom ?? []);
  // Registration is by key; the key's declaration (src/contract) decides checks and schemas.
  const register = (k: string, handler: (input: DeclaredCallInput) => Promise<unknown>, ownAudit = false) =>
    registerDeclaredCall(app, k, handler, { ownAudit });
  registerObjectScope(app, def.entity.name, objectScopeOf(def));
  // The audit trail reads objects before and after an act as the item call answers them.
  registerAuditReader(app, def.entity.name, { many: (auth, ids) => readItems(def, auth, ids) });
  const { db } = app.ctx;
  engines.set(def, {
    dialect: dialectOf(db),
    totals: def.versions ? createListTotals(db, def.versions) : null,
  });

  register(`GET ${path}/items`, async ({ auth, query }) =>
    readPage(def, auth as Auth, parseListQuery(def.entity, query as ListSearch)),
  );
  if (!def.entity.listOnly && !custom.has('item')) {
    register(`GET ${path}/{id}`, async ({ auth, params }) => ({
      data: await readItem(def, auth as Auth, (params as { id: number }).id),
    }));
  }
  const { create, patch, remove } = def;
  if (access.create && create && !custom.has('create')) {
    register(`PUT ${path}`, async ({ auth, body }) => ({ data: await create(auth as Auth, body as never) }));
  }
  if (access.edit && patch && !custom.has('patch')) {
    register(`PATCH ${path}/{id}`, async ({ auth, params, body }) => {
      const { id } = params as { id: number };
      await patch(auth as Auth, id, body as never);
      return { data: await readItem(def, auth as Auth, id) };
    });
  }
  if (access.delete && remove && !custom.has('delete')) {
    register(`DELETE ${path}/{id}`, async ({ auth, params }) => {
      await remove(auth as Auth, [(params as { id: number }).id]);
      return { data: true };
    });
    register(
      `POST ${path}/delete-all`,
      async ({ auth, body, audit }) => {
        const caller = auth as Auth;
        const ids = await selectionOf(def, caller, body as DeleteAll);
        if (ids.length === 0) return { data: { deleted: 0 } };
        // One audit event per object removed, with what it was (a selection by filter names no ids).
        const before = await readItems(def, caller, ids);
        const deleted = await remove(caller, ids);
        const left = new Set(await visibleIds(def, caller, { ids }));
        audit.objects(
          ids.filter((id) => !left.has(id)).map((id) => ({ id, before: before.get(id) ?? null, after: null })),
        );
        return { data: { deleted } };
      },
      true,
    );
  }
  if (def.entity.exportable) {
    register(`GET ${path}/export`, async ({ auth, query }) => {
      const caller = auth as Auth;
      const list = parseListQuery(def.entity, query as ListSearch);
      const ids = await visibleIds(def, caller, list);
      const items = ids.length === 0 ? [] : await readAll(def, caller, ids, list);
      return {
        file: {
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          filename: `${def.entity.name}.xlsx`,
          data: await toWorkbook(def, items),
        },
      };
    });
  }
}

/** Ids of the selection the delete calls of a custom entity use (visible and permitted). */
export const deleteSelection = <E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  auth: Auth,
  body: DeleteAll,
) => selectionOf(def, auth, body);

const EXPORT_CHUNK = 500;

async function readAll<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  auth: Auth,
  ids: number[],
  query: ListQuery,
): Promise<ItemOf<E>[]> {
  const items: ItemOf<E>[] = [];
  for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
    const chunk = ids.slice(i, i + EXPORT_CHUNK);
    let q = def.select(def.scoped(auth).where(sql<SqlBool>`${sql.ref(def.idColumn)} in (${sql.join(chunk)})`), auth);
    for (const term of orderOf(def.entity, def, query.sort)) q = q.orderBy(term);
    items.push(...(await def.toItems((await q.execute()) as Row[], auth, query.with)));
  }
  return items;
}

async function toWorkbook<E extends EntityContract, DB, TB extends keyof DB, SDB, STB extends keyof SDB, Row>(
  def: EntityServer<E, DB, TB, SDB, STB, Row>,
  items: ItemOf<E>[],
) {
  const columns =
    def.exportColumns ??
    Object.fromEntries(
      Object.entries(def.entity.fields)
        .filter(([, f]) => f.kind !== 'relation')
        .map(([field]) => [field, (item: ItemOf<E>) => (item as Record<string, unknown>)[field]]),
    );
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(def.entity.name);
  sheet.columns = Object.keys(columns).map((key) => ({ header: key, key, width: 24 }));
  for (const item of items) {
    sheet.addRow(
      Object.fromEntries(
        Object.entries(columns).map(([key, read]) => {
          const value = read(item);
          return [key, Array.isArray(value) ? value.join(', ') : (value ?? '')];
        }),
      ),
    );
  }
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
