import { TIMEOUTS } from '../contract/constants';
import type { EntityContract, EntityCreate, EntityItem, EntityListItem, EntityPatch } from '../contract/entity';
import { declaredEntityCalls } from '../contract/entity-access';
import type { DeleteAll, ListQueryInput } from '../contract/filters';
import { listQueryToSearch } from '../contract/filters';
import { CALLS, type CallKey } from '../contract/http';
import type { CallOptions, DownloadedFile, FileCallKey, Http } from './http';

/** Whether a declared call answers a file (sent with `callFile`). */
const isFileCallKey = (key: CallKey): key is FileCallKey => 'file' in CALLS[key];

/** Exports may run long on big lists (7.1: import, export and backup 1 hour). */
export const EXPORT_TIMEOUT_MS = TIMEOUTS.importExportBackup;

/** One page of a list, as the `items` call answers it. */
export interface ListPage<T> {
  data: T[];
  meta: { page: number; size: number; total: number; next?: string | null };
}

/** The typed client of one resource; every answer is validated with the contract's schemas. */
export interface EntityClient<R extends EntityContract> {
  list: (query: ListQueryInput) => Promise<ListPage<EntityListItem<R>>>;
  get: (id: number) => Promise<EntityItem<R>>;
  /** PUT without id; answers the new id (7.1). */
  create: (body: EntityCreate<R>) => Promise<number>;
  patch: (id: number, body: EntityPatch<R>) => Promise<EntityItem<R>>;
  remove: (id: number) => Promise<void>;
  /** POST delete-all: listed ids or everything the filter matches; answers how many went. */
  deleteAll: (selection: DeleteAll) => Promise<{ deleted: number }>;
  /** The current filter of the list as an .xlsx file (no paging). */
  exportFile: (query: ListQueryInput) => Promise<DownloadedFile>;
}

/** Options of an entity call: the row id of `{id}` and a body of the entity's schemas. */
type EntityCallOptions = Omit<CallOptions<CallKey>, 'params' | 'body'> & { params?: { id: number }; body?: unknown };

/** Query parameters without paging, for exports. */
function exportSearch(query: ListQueryInput): Record<string, string> {
  const { page: _page, size: _size, after: _after, ...rest } = listQueryToSearch(query);
  return rest;
}

/**
 * The client of an entity over its declared calls (`GET {path}/items`,
 * `PUT {path}`, …, read back from CALLS). A call the contract implies but
 * CALLS lacks throws here, when the console composes its areas; a call the
 * entity does not have (no create access) throws when asked for, and its
 * button is hidden by the same declaration.
 */
export function createEntityClient<R extends EntityContract>(http: Http, contract: R): EntityClient<R> {
  const calls = declaredEntityCalls(contract);
  const need = (key: CallKey | null, what: string): CallKey => {
    if (key === null) throw new Error(`entity '${contract.name}' declares no ${what} call`);
    return key;
  };
  /**
   * The keys are built from the entity's path, so their answers are typed as
   * any call's: `entityCalls` made each answer's schema from this contract's
   * `item`, and `call` has validated it with that schema.
   */
  const send = async <T>(key: CallKey, options: EntityCallOptions): Promise<T> =>
    (await http.call(key, options as CallOptions<CallKey>)) as T;
  return {
    list: (query) => send(calls.list ?? need(null, 'list'), { searchParams: listQueryToSearch(query) }),
    get: async (id) => (await send<{ data: EntityItem<R> }>(need(calls.get, 'item'), { params: { id } })).data,
    create: async (body) => (await send<{ data: number }>(need(calls.create, 'create'), { body })).data,
    patch: async (id, body) =>
      (await send<{ data: EntityItem<R> }>(need(calls.patch, 'edit'), { params: { id }, body })).data,
    remove: async (id) => {
      await send(need(calls.remove, 'delete'), { params: { id } });
    },
    deleteAll: async (selection) =>
      (await send<{ data: { deleted: number } }>(need(calls.deleteAll, 'delete-all'), { body: selection })).data,
    exportFile: (query) => {
      const key = need(calls.export, 'export');
      if (!isFileCallKey(key)) throw new Error(`entity '${contract.name}': '${key}' does not answer a file`);
      return http.callFile(key, { searchParams: exportSearch(query), timeout: EXPORT_TIMEOUT_MS });
    },
  };
}
