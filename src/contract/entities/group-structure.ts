import * as v from 'valibot';
import { ERROR_CODES } from '../errors';
import { IdSchema, MAX_ID } from '../ids';
import { GROUP_NAME_MAX, LogicAddressSchema } from './group';

/**
 * Building a group structure in bulk: the generate-groups dialog (2.5, POST
 * generate/tree then generate/save), and the structure export/import of
 * section 7.3. See docs/decisions.md, "Groups", for the reasoning.
 */

/** Numbers given by the query string arrive as text: accept both. */
export const NumberParamSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/), v.transform(Number))]),
  v.number(),
);
const idParam = v.pipe(NumberParamSchema, v.integer(), v.minValue(1), v.maxValue(MAX_ID));

/** Upper bounds of one generation, so a typo cannot create a million groups. */
export const GENERATE_LIMITS = {
  buildings: 100,
  entrances: 50,
  floors: 200,
  units: 100,
  start: 999_999,
  total: 10_000,
} as const;

/** Placeholders a name pattern may use: the level's own number and those of the levels above it. */
export const GENERATE_PLACEHOLDERS = ['{n}', '{building}', '{entrance}', '{floor}'] as const;

const pattern = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(GROUP_NAME_MAX));
const level = (max: number, defaultName: string) =>
  v.optional(
    v.object({
      count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max)),
      start: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(GENERATE_LIMITS.start)), 1),
      name: v.optional(pattern, defaultName),
    }),
  );

/**
 * Units are numbered per floor (`floor`: floor × 100 + number, e.g. 101, 102, 201,
 * the usual apartment numbering; × 1000 when a floor has 100 or more) or straight
 * through each building (`sequential`: start, start + 1, …; also used without floors).
 */
export const UNIT_NUMBERING = ['floor', 'sequential'] as const;

/**
 * POST /domains/generate/tree body. Levels with count 0 (or left out) are
 * skipped: buildings × entrances × floors × units below `parent_id`. Without
 * floors, `units.count` is the number of units per entrance (or building).
 */
export const GenerateRequestSchema = v.object({
  parent_id: IdSchema,
  buildings: level(GENERATE_LIMITS.buildings, 'Building {n}'),
  entrances: level(GENERATE_LIMITS.entrances, 'Entrance {n}'),
  floors: level(GENERATE_LIMITS.floors, 'Floor {n}'),
  units: v.optional(
    v.object({
      count: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(GENERATE_LIMITS.units)),
      start: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(GENERATE_LIMITS.start)), 1),
      name: v.optional(pattern, 'Unit {n}'),
      numbering: v.optional(v.picklist(UNIT_NUMBERING), 'floor'),
    }),
  ),
});
export type GenerateRequest = v.InferOutput<typeof GenerateRequestSchema>;
export type GenerateRequestInput = v.InferInput<typeof GenerateRequestSchema>;

/** One generated group (preview and save). `type` is the type code, shown by the preview. */
export interface GeneratedNode {
  name: string;
  domain_type_id: number;
  type?: string;
  logic_address: string | null;
  children?: GeneratedNode[];
}

export const GeneratedNodeSchema: v.GenericSchema<GeneratedNode> = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(GROUP_NAME_MAX)),
  domain_type_id: IdSchema,
  type: v.optional(v.pipe(v.string(), v.maxLength(64))),
  logic_address: LogicAddressSchema,
  children: v.optional(v.pipe(v.array(v.lazy(() => GeneratedNodeSchema)), v.maxLength(GENERATE_LIMITS.total))),
});

/** The preview: the groups that would be created below `parent_id`, nothing saved. */
export const GeneratedTreeSchema = v.object({
  parent_id: v.number(),
  items: v.array(GeneratedNodeSchema),
  /** Number of groups in `items`, all levels. */
  total: v.number(),
});
export type GeneratedTree = v.InferOutput<typeof GeneratedTreeSchema>;

/** POST /domains/generate/save body: a preview (possibly edited) to store in one transaction. */
export const GenerateSaveSchema = v.object({
  parent_id: IdSchema,
  items: v.pipe(v.array(GeneratedNodeSchema), v.minLength(1), v.maxLength(GENERATE_LIMITS.total)),
});
export type GenerateSave = v.InferOutput<typeof GenerateSaveSchema>;

export const GenerateSavedSchema = v.object({
  /** Groups created, all levels. */
  created: v.number(),
  /** Ids of the top-level groups created (direct children of parent_id). */
  ids: v.array(v.number()),
});

/** GET /domains/items/completely query: every group the caller may see, in tree order. */
export const CompletelyQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(255))),
  domain_type: v.optional(v.pipe(v.string(), v.maxLength(64))),
});

/**
 * GET /domains/branch query, for a lazily opened tree: no `id` → the top of
 * the caller's visible forest; `id` → that group's children; `search` → the
 * matching groups with their ancestors (within `id`'s subtree when given).
 * `relations`: comma-separated GROUP_RELATIONS. `depth=all` (ours, for
 * "expand all") → every visible group below `id` (or the whole visible
 * forest), in tree order, instead of one level.
 */
export const BranchQuerySchema = v.object({
  id: v.optional(idParam),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(255))),
  relations: v.optional(v.pipe(v.string(), v.maxLength(512))),
  depth: v.optional(v.picklist(['all'])),
});

/** GET /domains/{id}/floors-and-apartments: the floors below a building or entrance with their units. */
export const ApartmentSchema = v.object({ id: v.number(), name: v.string(), logic_address: v.nullable(v.string()) });
export const FloorWithApartmentsSchema = v.object({
  /** Null for the units that hang directly below the building or entrance. */
  id: v.nullable(v.number()),
  name: v.nullable(v.string()),
  logic_address: v.nullable(v.string()),
  apartments: v.array(ApartmentSchema),
});

/**
 * Structure export and import (7.3). `tz_offset` is the caller's UTC offset in
 * hours (the profile's time_zone): dates in the file are written in it.
 */
export const TzOffsetSchema = v.pipe(NumberParamSchema, v.minValue(-12), v.maxValue(14));
export const StructureExportQuerySchema = v.object({
  domain_type: v.optional(v.pipe(v.string(), v.maxLength(64))),
  tz_offset: v.optional(TzOffsetSchema, 0),
});

/** Multipart fields of POST /domains/{id}/import/structure besides `file` (an .xlsx). */
export const StructureImportFieldsSchema = v.object({
  role_id: idParam,
  tz_offset: v.optional(TzOffsetSchema, 0),
});

/** Per-row messages of the structure import (8.2), as catalogue codes. */
export const IMPORT_ROW_ERRORS = {
  unparsableId: ERROR_CODES.unparsableId,
  licenceCount: ERROR_CODES.wrongLicenceCount,
  email: ERROR_CODES.wrongEmail,
  licencePeriod: ERROR_CODES.wrongLicencePeriod,
  nameTooLong: ERROR_CODES.nameTooLong,
  valueOutOfRange: ERROR_CODES.valueOutOfRange,
  domainNotAllowed: ERROR_CODES.domainNotAllowed,
  cannotInviteUser: ERROR_CODES.cannotInviteUser,
  noPermissionUsers: ERROR_CODES.noPermissionEditUsers,
  noPermissionLicences: ERROR_CODES.noPermissionEditLicences,
} as const;

/** One refused row: the sheet, the spreadsheet row number, a catalogue code and what it interpolates. */
export const ImportRowErrorSchema = v.object({
  sheet: v.string(),
  row: v.number(),
  column: v.optional(v.string()),
  message: v.string(),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
export type ImportRowError = v.InferOutput<typeof ImportRowErrorSchema>;

export const StructureImportResultSchema = v.object({
  users_attached: v.number(),
  users_created: v.number(),
  groups_created: v.number(),
  errors: v.array(ImportRowErrorSchema),
});
export type StructureImportResult = v.InferOutput<typeof StructureImportResultSchema>;

/** Sheet and column names of the structure file; export writes them, import reads them. */
export const STRUCTURE_SHEETS = {
  groups: { name: 'Groups', columns: ['id', 'parent', 'name', 'type', 'logic_address', 'description'] },
  users: {
    name: 'Users',
    columns: ['id', 'group', 'login', 'email', 'name', 'firstname', 'lastname', 'phone', 'activated_at'],
  },
} as const;
/** Separates the names of a path in the `parent` and `group` columns (relative to the import group). */
export const STRUCTURE_PATH_SEPARATOR = ' / ';
