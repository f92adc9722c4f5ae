import * as v from 'valibot';

/**
 * List queries of section 7.1, shared by the console (which builds them) and
 * the server (which turns them into SQL). On the wire every list call takes
 * query parameters `page`, `size`, `sort`, `filters` (JSON), `match` and `with`.
 */

/** The filter rules of 7.1 (pickers use equals, contains and begins_with). */
export const FILTER_RULES = [
  'above',
  'below',
  'equals',
  'not_equals',
  'equals_above',
  'equals_below',
  'has',
  'is',
  'begins_with',
  'contains',
] as const;
export type FilterRule = (typeof FILTER_RULES)[number];

/** Section 9: how the entries of `filters` combine. */
export const MATCH_MODES = ['match_all', 'match_any'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

/** Bounds of a list query: no request may ask the server for unbounded work. */
export const LIST_LIMITS = {
  filters: 50,
  sort: 5,
  with: 10,
  /** Ids in one `has` filter or one delete-all (select-all across pages goes by filter instead). */
  ids: 1000,
  /** Characters of the raw `filters` parameter and of one text value. */
  filtersChars: 16_384,
  valueChars: 500,
  /** Characters of a keyset cursor (`after`). */
  cursorChars: 1024,
  /** Highest page number a client may ask for (a list is never that long in pages of 1). */
  page: 1_000_000,
} as const;

/** A page number in a query string: a bounded positive integer (a huge one names no page, it is refused). */
export const PageParamSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,7}$/),
  v.transform(Number),
  v.number(),
  v.minValue(1),
  v.maxValue(LIST_LIMITS.page),
);

export const FilterValueSchema = v.union([
  v.pipe(v.string(), v.maxLength(LIST_LIMITS.valueChars)),
  v.number(),
  v.boolean(),
  v.null(),
  v.pipe(
    v.array(v.union([v.pipe(v.string(), v.maxLength(LIST_LIMITS.valueChars)), v.number()])),
    v.maxLength(LIST_LIMITS.ids),
  ),
]);

/**
 * One filter entry. `has` takes a related id (or a list of ids: any of them);
 * `is` takes `null` / `not_null` / a boolean; the comparisons take a scalar.
 */
export const FilterSchema = v.object({
  field: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  rule: v.picklist(FILTER_RULES),
  value: FilterValueSchema,
});
export type Filter = v.InferOutput<typeof FilterSchema>;

export const LIST_PAGE_SIZE = 20;
export const LIST_MAX_PAGE_SIZE = 500;

/** The parsed list query (the server parses the raw query string into this). */
export const ListQuerySchema = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIST_LIMITS.page)), 1),
  size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LIST_MAX_PAGE_SIZE)), LIST_PAGE_SIZE),
  /** Field names, comma-separated on the wire; a leading `-` sorts descending. */
  sort: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.regex(/^-?[a-z_][a-z0-9_.]{0,63}$/))), v.maxLength(LIST_LIMITS.sort)),
    [],
  ),
  filters: v.optional(v.pipe(v.array(FilterSchema), v.maxLength(LIST_LIMITS.filters)), []),
  match: v.optional(v.picklist(MATCH_MODES), 'match_all'),
  /** Related entities to include, comma-separated on the wire. */
  with: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(LIST_LIMITS.with)), []),
  /**
   * Keyset paging: the `meta.next` of the page before. The page starts right after that
   * page's last row (no rows skipped one by one); `page` still names the page.
   */
  after: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(LIST_LIMITS.cursorChars))),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema>;
export type ListQueryInput = v.InferInput<typeof ListQuerySchema>;

/**
 * A list query as it travels: query-string parameters, each a bounded string.
 * The server parses it into a ListQuery with `searchToListQuery` and the
 * entity's whitelist of fields.
 */
export const ListSearchSchema = v.object({
  page: v.optional(v.pipe(v.string(), v.maxLength(16))),
  size: v.optional(v.pipe(v.string(), v.maxLength(16))),
  sort: v.optional(v.pipe(v.string(), v.maxLength(512))),
  filters: v.optional(v.pipe(v.string(), v.maxLength(LIST_LIMITS.filtersChars))),
  match: v.optional(v.pipe(v.string(), v.maxLength(16))),
  with: v.optional(v.pipe(v.string(), v.maxLength(512))),
  after: v.optional(v.pipe(v.string(), v.maxLength(LIST_LIMITS.cursorChars))),
});
export type ListSearch = v.InferOutput<typeof ListSearchSchema>;

/** Serialises a list query to URL search parameters (console side; empty parts left out). */
export function listQueryToSearch(query: ListQueryInput): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.page !== undefined) out.page = String(query.page);
  if (query.size !== undefined) out.size = String(query.size);
  if (query.sort?.length) out.sort = query.sort.join(',');
  if (query.filters?.length) out.filters = JSON.stringify(query.filters);
  if (query.match && query.match !== 'match_all') out.match = query.match;
  if (query.with?.length) out.with = query.with.join(',');
  if (query.after) out.after = query.after;
  return out;
}

/**
 * Parses raw query parameters (server side, and the console's URL state). A
 * malformed part is reported by name, so the caller can answer a clear 4xx.
 */
export function searchToListQuery(
  search: Record<string, string | undefined>,
): { ok: true; query: ListQuery } | { ok: false; field: string } {
  const raw: Record<string, unknown> = {};
  const list = (s: string) =>
    s
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  if (search.page !== undefined) raw.page = Number(search.page);
  if (search.size !== undefined) raw.size = Number(search.size);
  if (search.sort) raw.sort = list(search.sort);
  if (search.with) raw.with = list(search.with);
  if (search.match) raw.match = search.match;
  if (search.after) raw.after = search.after;
  if (search.filters) {
    try {
      raw.filters = JSON.parse(search.filters);
    } catch {
      return { ok: false, field: 'filters' };
    }
  }
  const parsed = v.safeParse(ListQuerySchema, raw);
  if (parsed.success) return { ok: true, query: parsed.output };
  const field = String(v.getDotPath(parsed.issues[0]) ?? 'query').split('.')[0] ?? 'query';
  return { ok: false, field };
}

/** The answer of every `items` call: one page and the total that matches the filters and the caller's scope. */
export const listAnswer = <T extends v.GenericSchema>(item: T) =>
  v.object({
    data: v.array(item),
    meta: v.object({
      page: v.number(),
      size: v.number(),
      total: v.number(),
      /** Cursor of the following page (`after`), when there is one and the sort allows it. */
      next: v.optional(v.nullable(v.string())),
    }),
  });

/** PUT create answers the new id as `data` (7.1: "the response's data.data carries the new id"). */
export const CreatedSchema = v.object({ data: v.number() });

/**
 * POST delete-all: either the listed ids, or every row the filter matches
 * within the caller's scope (select-all across pages).
 */
export const DeleteAllSchema = v.union([
  v.object({
    items: v.pipe(v.array(v.pipe(v.number(), v.safeInteger())), v.minLength(1), v.maxLength(LIST_LIMITS.ids)),
  }),
  v.object({
    all: v.literal(true),
    filters: v.optional(v.pipe(v.array(FilterSchema), v.maxLength(LIST_LIMITS.filters)), []),
    match: v.optional(v.picklist(MATCH_MODES), 'match_all'),
  }),
]);
export type DeleteAll = v.InferOutput<typeof DeleteAllSchema>;
export const DeletedSchema = v.object({ data: v.object({ deleted: v.number() }) });
