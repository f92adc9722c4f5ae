import * as v from 'valibot';
import { TIMEOUTS } from '../contract/constants';
import {
  type EntityContract,
  type EntityCreate,
  type EntityItem,
  type EntityPatch,
  entityPaths,
} from '../contract/entity';
import {
  CreatedSchema,
  type DeleteAll,
  DeletedSchema,
  type ListQueryInput,
  listAnswer,
  listQueryToSearch,
} from '../contract/filters';
import type { DownloadedFile, Http } from './http';

/** Exports may run long on big lists (7.1: import, export and backup 1 hour). */
export const EXPORT_TIMEOUT_MS = TIMEOUTS.importExportBackup;

/** One page of a list, as the `items` call answers it. */
export interface ListPage<T> {
  data: T[];
  meta: { page: number; size: number; total: number };
}

/** The typed client of one resource; every answer is validated with the contract's schemas. */
export interface EntityClient<R extends EntityContract> {
  list: (query: ListQueryInput) => Promise<ListPage<EntityItem<R>>>;
  get: (id: number) => Promise<EntityItem<R>>;
  /** PUT without id; answers the new id (7.1). */
  create: (body: EntityCreate<R>) => Promise<number>;
  patch: (id: number, body: EntityPatch<R>) => Promise<EntityItem<R>>;
  remove: (id: number) => Promise<void>;
  /** POST delete-all: listed ids or everything the filter matches; answers how many went. */
  deleteAll: (selection: DeleteAll, searchParams?: Record<string, string>) => Promise<{ deleted: number }>;
  /** The current filter of the list as an .xlsx file (no paging). */
  exportFile: (query: ListQueryInput) => Promise<DownloadedFile>;
}

/** Query parameters without paging, for exports. */
function exportSearch(query: ListQueryInput): Record<string, string> {
  const { page: _page, size: _size, ...rest } = listQueryToSearch(query);
  return rest;
}

export function createEntityClient<R extends EntityContract>(http: Http, contract: R): EntityClient<R> {
  const paths = entityPaths(contract);
  const listSchema = listAnswer(contract.item);
  const itemSchema = v.object({ data: contract.item });
  return {
    list: (query) => http.request('GET', paths.items, listSchema, { searchParams: listQueryToSearch(query) }),
    get: async (id) => (await http.request('GET', paths.item(id), itemSchema)).data,
    create: async (body) => (await http.request('PUT', paths.create, CreatedSchema, { body })).data,
    patch: async (id, body) => (await http.request('PATCH', paths.item(id), itemSchema, { body })).data,
    remove: async (id) => {
      await http.request('DELETE', paths.item(id), v.object({ data: v.literal(true) }));
    },
    deleteAll: async (selection, searchParams) =>
      (await http.request('POST', paths.deleteAll, DeletedSchema, { body: selection, searchParams })).data,
    exportFile: (query) =>
      http.download(paths.export, { searchParams: exportSearch(query), timeout: EXPORT_TIMEOUT_MS }),
  };
}
