import * as v from 'valibot';
import { IdSchema } from '../ids';

/**
 * The access matrix (doc 1 §2.1 /access-matrix, doc 2 §7.5 "access matrix (items and download)"):
 * users down, doors (a device and one of its locks) across, and in each cell the rules that reach
 * that user at that door — the allowing ones with their schedules (none: always), prohibitions
 * marked. Paged by users; filtered by a group (its users and those of the groups below it) and a
 * search on the user. Only what the caller may see: users of their users scope, devices of their
 * devices scope, rules of their access rules scope (docs/decisions.md, Access management › Matrix).
 */

/** Users per page (the console's default) and the most one page may hold. */
export const ACCESS_MATRIX_PAGE_SIZE = 100;
export const ACCESS_MATRIX_PAGE_MAX = 200;
/** Characters of the user search. */
export const ACCESS_MATRIX_SEARCH_MAX = 100;

/** How a rule reaches a user: it names the user, a group of theirs (or above one), or one of their identifiers. */
export const ACCESS_MATRIX_VIA = ['user', 'group', 'identifier'] as const;
export type AccessMatrixVia = (typeof ACCESS_MATRIX_VIA)[number];

const queryId = v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), IdSchema);
const queryInt = (max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,7}$/), v.transform(Number), v.number(), v.minValue(1), v.maxValue(max));

/** What the download takes: the group and the search (every user that matches, no paging). */
export const AccessMatrixFilterSchema = v.object({
  domain_id: v.optional(queryId),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ACCESS_MATRIX_SEARCH_MAX))),
});
export const AccessMatrixQuerySchema = v.object({
  ...AccessMatrixFilterSchema.entries,
  page: v.optional(queryInt(1_000_000), '1'),
  size: v.optional(queryInt(ACCESS_MATRIX_PAGE_MAX), String(ACCESS_MATRIX_PAGE_SIZE)),
});
export type AccessMatrixQuery = v.InferOutput<typeof AccessMatrixQuerySchema>;
export type AccessMatrixFilter = v.InferOutput<typeof AccessMatrixFilterSchema>;

const ref = v.object({ id: v.number(), name: v.string() });

/** A column: a lock of a device. */
export const AccessMatrixDoorSchema = v.object({
  device_id: v.number(),
  device_name: v.string(),
  lock_number: v.number(),
});
export type AccessMatrixDoor = v.InferOutput<typeof AccessMatrixDoorSchema>;

/** A rule some cell of the page names: whether it prohibits, and its schedules (none: always). */
export const AccessMatrixRuleSchema = v.object({
  id: v.number(),
  name: v.string(),
  prohibition: v.boolean(),
  time_rules: v.array(ref),
});
export type AccessMatrixRule = v.InferOutput<typeof AccessMatrixRuleSchema>;

/** A cell that holds something: the rules reaching the user at this door, each once, with how. */
export const AccessMatrixCellSchema = v.object({
  device_id: v.number(),
  lock_number: v.number(),
  rules: v.array(v.object({ id: v.number(), via: v.picklist(ACCESS_MATRIX_VIA) })),
});
export type AccessMatrixCell = v.InferOutput<typeof AccessMatrixCellSchema>;

/** A row: the user, how many identifiers they hold (active, not revoked), their non-empty cells. */
export const AccessMatrixRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  login: v.string(),
  email: v.nullable(v.string()),
  identifiers: v.number(),
  cells: v.array(AccessMatrixCellSchema),
});
export type AccessMatrixRow = v.InferOutput<typeof AccessMatrixRowSchema>;

/**
 * One page. `doors` are the columns, the same on every page of one filter: every door a rule the
 * caller sees gives to a user of the filter (not only of this page). `rules` names the rules of
 * this page's cells.
 */
export const AccessMatrixSchema = v.object({
  data: v.object({
    doors: v.array(AccessMatrixDoorSchema),
    rules: v.array(AccessMatrixRuleSchema),
    items: v.array(AccessMatrixRowSchema),
  }),
  meta: v.object({ page: v.number(), size: v.number(), total: v.number() }),
});
export type AccessMatrixPage = v.InferOutput<typeof AccessMatrixSchema>;
