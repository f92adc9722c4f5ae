import * as v from 'valibot';
import { IDENTIFIER_DEFAULTS, NAME_LENGTH } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IdSchema, idList } from '../ids';
import { IDENTIFIER_FORMATS } from './profile';

/**
 * Identifiers (doc 1 §3, §4; doc 2 §6.2, §7.5, §8.2, §9): a card, key, code, URL, QR, plate or
 * face that opens doors for its owner (owner_type owner) or a guest (owner_type guest). The wire
 * shape nests the restrictions as §3 names them (`period_restrict {active, from, to}`,
 * `passes_restrict {active, max_count, passes_count}`); the console's form flattens them.
 * Values are stored in one form per type (see `normaliseIdentifierValue`), so the unique index
 * (project, type, value) catches a card typed in hex and the same card typed in decimal.
 */
export const IDENTIFIER_TYPES = ['card', 'ukey', 'ukey2', 'code', 'url', 'qr', 'plate', 'face'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];
export const IDENTIFIER_OWNER_TYPES = ['owner', 'guest'] as const;
export type IdentifierFormat = (typeof IDENTIFIER_FORMATS)[number];

/** Types whose value is a number read from a chip: written in dec or hex, stored in decimal. */
export const NUMERIC_IDENTIFIER_TYPES: readonly IdentifierType[] = ['card', 'ukey', 'ukey2'];
/** Types a QR image can be drawn for (what a reader scans or a person types); others: "view identifier not available". */
export const QR_IDENTIFIER_TYPES: readonly IdentifierType[] = ['qr', 'url', 'code'];

export const IDENTIFIER_VALUE_MAX = 255;
/** A chip number is at most 64 bits (16 hex digits, 20 decimal digits). */
const CHIP_MAX = (1n << 64n) - 1n;

/** The stored form of a value, or the field error code of why it is not one. */
export type NormalisedValue = { value: string } | { error: 'required' | 'number_or_hex' | 'invalid' | 'max_length' };

/**
 * One stored form per type (docs/decisions.md, Access management — Identifiers):
 * - card, ukey, ukey2: the chip number in decimal without leading zeros; `hex` input may carry 0x;
 * - code: digits as typed (leading zeros are part of a code), 1 to 16;
 * - plate: upper case without spaces and dashes, letters and digits, 1 to 16;
 * - url: an http(s) URL as typed (trimmed); qr and face: the text as typed (trimmed).
 */
export function normaliseIdentifierValue(
  type: IdentifierType,
  raw: string,
  format: IdentifierFormat = IDENTIFIER_DEFAULTS.format,
): NormalisedValue {
  const text = raw.trim();
  if (text === '') return { error: 'required' };
  if (text.length > IDENTIFIER_VALUE_MAX) return { error: 'max_length' };
  if (NUMERIC_IDENTIFIER_TYPES.includes(type)) {
    const digits = format === 'hex' ? text.replace(/^0x/i, '') : text;
    const ok = format === 'hex' ? /^[0-9a-f]{1,16}$/i.test(digits) : /^\d{1,20}$/.test(digits);
    if (!ok) return { error: 'number_or_hex' };
    const n = BigInt(format === 'hex' ? `0x${digits}` : digits);
    return n > CHIP_MAX ? { error: 'number_or_hex' } : { value: n.toString(10) };
  }
  if (type === 'code') return /^\d{1,16}$/.test(text) ? { value: text } : { error: 'number_or_hex' };
  if (type === 'plate') {
    const plate = text.replace(/[\s-]+/g, '').toUpperCase();
    return /^[\p{L}\p{N}]{1,16}$/u.test(plate) ? { value: plate } : { error: 'invalid' };
  }
  if (type === 'url') return /^https?:\/\/\S+$/i.test(text) ? { value: text } : { error: 'invalid' };
  return { value: text };
}

/** The hex spelling of a stored chip number (upper case), or null for other types. */
export function identifierHex(type: string, value: string): string | null {
  if (!(NUMERIC_IDENTIFIER_TYPES as readonly string[]).includes(type) || !/^\d+$/.test(value)) return null;
  return BigInt(value).toString(16).toUpperCase();
}

const ref = v.object({ id: v.number(), name: v.string() });

export const PeriodRestrictSchema = v.object({
  active: v.boolean(),
  from: v.nullable(v.string()),
  to: v.nullable(v.string()),
});
export const PassesRestrictSchema = v.object({
  active: v.boolean(),
  max_count: v.nullable(v.number()),
  passes_count: v.number(),
});

export const IdentifierSchema = v.object({
  id: v.number(),
  name: v.nullable(v.string()),
  description: v.nullable(v.string()),
  is_active: v.boolean(),
  type: v.picklist(IDENTIFIER_TYPES),
  /** The stored form (see normaliseIdentifierValue). */
  value: v.string(),
  /** The chip number in hex for card, ukey and ukey2 (the profile's identifier_format shows it). */
  value_hex: v.nullable(v.string()),
  owner_type: v.picklist(IDENTIFIER_OWNER_TYPES),
  owner_id: v.nullable(v.number()),
  owner: v.nullable(ref),
  guest_type: v.nullable(v.string()),
  period_restrict: PeriodRestrictSchema,
  passes_restrict: PassesRestrictSchema,
  /** The access rules naming it that the caller may see. */
  access_rules: v.array(ref),
  is_profile_identifier: v.boolean(),
  /** §4: revoked for good (refused at every door); `revoked_at` says when. */
  revoked: v.boolean(),
  revoked_at: v.nullable(v.string()),
  /** A face identifier's photo. */
  photo_url: v.nullable(v.string()),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type Identifier = v.InferOutput<typeof IdentifierSchema>;

const nullableText = (max: number) =>
  v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max),
      v.transform((s) => (s === '' ? null : s)),
    ),
  );
const optionalText = (max: number) => v.optional(nullableText(max), null);
const instant = v.nullable(v.pipe(v.string(), v.isoTimestamp()));

export const PeriodRestrictInputSchema = v.object({
  active: v.boolean(),
  from: v.optional(instant, null),
  to: v.optional(instant, null),
});
export const PassesRestrictInputSchema = v.object({
  active: v.boolean(),
  max_count: v.optional(v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(1_000_000))), null),
});

const entries = {
  name: optionalText(NAME_LENGTH.max),
  description: optionalText(1000),
  is_active: v.optional(v.boolean(), true),
  type: v.optional(v.picklist(IDENTIFIER_TYPES), IDENTIFIER_DEFAULTS.type),
  /** As typed; face identifiers may leave it out (the server names the face). */
  value: v.optional(v.pipe(v.string(), v.maxLength(IDENTIFIER_VALUE_MAX + 32))),
  /** How `value` is written (dec or hex, for chip numbers); not stored: the item answers both forms. */
  value_format: v.optional(v.picklist(IDENTIFIER_FORMATS), IDENTIFIER_DEFAULTS.format),
  /** The user the identifier belongs to (required for owner_type owner). */
  owner_id: v.optional(v.nullable(IdSchema), null),
  guest_type: optionalText(NAME_LENGTH.max),
  period_restrict: v.optional(PeriodRestrictInputSchema, { active: false, from: null, to: null }),
  passes_restrict: v.optional(PassesRestrictInputSchema, { active: false, max_count: null }),
  access_rules: v.optional(idList(0, 200), []),
  is_profile_identifier: v.optional(v.boolean(), false),
};

export const IdentifierCreateSchema = v.object({
  ...entries,
  owner_type: v.optional(v.picklist(IDENTIFIER_OWNER_TYPES), 'owner'),
});
export type IdentifierCreate = v.InferOutput<typeof IdentifierCreateSchema>;

const patchEntries = {
  name: v.optional(nullableText(NAME_LENGTH.max)),
  description: v.optional(nullableText(1000)),
  is_active: v.optional(v.boolean()),
  type: v.optional(v.picklist(IDENTIFIER_TYPES)),
  value: entries.value,
  owner_id: v.optional(v.nullable(IdSchema)),
  guest_type: v.optional(nullableText(NAME_LENGTH.max)),
  period_restrict: v.optional(PeriodRestrictInputSchema),
  passes_restrict: v.optional(PassesRestrictInputSchema),
  access_rules: v.optional(idList(0, 200)),
  is_profile_identifier: v.optional(v.boolean()),
};

/** A patch names what changes. `revoked` is not in it: revoking is its own call and is final (§4). */
export const IdentifierPatchSchema = v.object({
  ...patchEntries,
  // A value_format alone changes nothing: it tells how a value sent with it is written.
  value_format: v.optional(v.picklist(IDENTIFIER_FORMATS), IDENTIFIER_DEFAULTS.format),
});
export type IdentifierPatch = v.InferOutput<typeof IdentifierPatchSchema>;

/** A guest key's message to its guest (§3 keyMessage), shown on the guest page. */
const keyMessage = nullableText(500);

/**
 * PUT /identifiers/guest (7.5, §3 "Guest key"): a guest key — owner_type guest, guest_type
 * `guest` and type qr by default, a value made by the server when none is given, at least one
 * of the access rules the granter may hand on, and the granter's group limits on passes and days.
 */
export const GuestIdentifierCreateSchema = v.object({
  ...entries,
  type: v.optional(v.picklist(IDENTIFIER_TYPES), IDENTIFIER_DEFAULTS.guestType),
  key_message: v.optional(keyMessage, null),
});
export type GuestIdentifierCreate = v.InferOutput<typeof GuestIdentifierCreateSchema>;
export const GuestIdentifierPatchSchema = v.object({
  ...IdentifierPatchSchema.entries,
  key_message: v.optional(keyMessage),
});
export type GuestIdentifierPatch = v.InferOutput<typeof GuestIdentifierPatchSchema>;

const viewers = [
  'identifiers.view_all',
  'identifiers.create',
  'identifiers.edit',
  'identifiers.delete',
  'identifiers.create_guest',
  'identifiers.import',
  'identifiers.export',
] as const;

export const identifiersEntity = defineEntity({
  name: 'identifiers',
  path: '/identifiers',
  access: {
    // 6.2 has no "view": anyone who works with identifiers lists them; without view_all, their own.
    view: viewers,
    create: ['identifiers.create'],
    edit: ['identifiers.edit'],
    delete: ['identifiers.delete'],
    export: ['identifiers.export'],
  },
  item: IdentifierSchema,
  create: IdentifierCreateSchema,
  patch: IdentifierPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    value: { kind: 'text', sortable: true, filterable: true },
    owner_type: { kind: 'enum', sortable: true, filterable: true },
    is_active: { kind: 'boolean', sortable: true, filterable: true },
    revoked: { kind: 'boolean', filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    owner: { kind: 'relation', filterable: true },
    access_rules: { kind: 'relation', filterable: true },
  },
  search: ['name', 'value'],
  with: [],
  defaultSort: ['name'],
});

export const IdentifierListSchema = listAnswer(IdentifierSchema);

// ---- Export, import ----

export const IDENTIFIER_FILE_FORMATS = ['xlsx', 'csv'] as const;
/** Columns of the identifiers file, export and import alike (owner: the user's login). */
export const IDENTIFIER_FILE_COLUMNS = [
  'name',
  'type',
  'value',
  'format',
  'owner',
  'description',
  'is_active',
  'period_from',
  'period_to',
  'passes_max_count',
] as const;
export const IDENTIFIER_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const IDENTIFIER_IMPORT_MAX_ROWS = 50_000;

/** One action for a duplicate row: keep the existing identifier, or overwrite it with the row. */
export const IMPORT_DUPLICATE_ACTIONS = ['skip', 'replace'] as const;
export type ImportDuplicateAction = (typeof IMPORT_DUPLICATE_ACTIONS)[number];

/** The token of a stored upload: the uploader's id and a random part (only they may continue it). */
export const IMPORT_FILEPATH = /^\d{1,10}-[0-9a-f]{32}\.(xlsx|csv)$/;

export const IdentifierImportErrorSchema = v.object({
  row: v.number(),
  message: v.string(),
  column: v.optional(v.string()),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
export const IdentifierImportReportSchema = v.object({
  created: v.number(),
  replaced: v.number(),
  skipped: v.number(),
  errors: v.array(IdentifierImportErrorSchema),
});
export type IdentifierImportReport = v.InferOutput<typeof IdentifierImportReportSchema>;

export const IdentifierDuplicateSchema = v.object({
  row: v.number(),
  type: v.picklist(IDENTIFIER_TYPES),
  value: v.string(),
  name: v.nullable(v.string()),
  /** The identifier already holding that type and value. */
  existing: v.object({ id: v.number(), name: v.nullable(v.string()), owner: v.nullable(ref) }),
});
export type IdentifierDuplicate = v.InferOutput<typeof IdentifierDuplicateSchema>;

/** The import attempt: the report when nothing clashed, or the duplicates to decide on and the stored file. */
export const IdentifierImportAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), report: IdentifierImportReportSchema }),
  v.object({
    status: v.literal('duplicates'),
    filepath: v.pipe(v.string(), v.regex(IMPORT_FILEPATH)),
    rows: v.number(),
    duplicates: v.array(IdentifierDuplicateSchema),
  }),
]);
export type IdentifierImportAnswer = v.InferOutput<typeof IdentifierImportAnswerSchema>;

/** POST /identifiers/import/continue: the action for every duplicate, and per row where it differs. */
export const IdentifierImportContinueSchema = v.object({
  filepath: v.pipe(v.string(), v.regex(IMPORT_FILEPATH)),
  action: v.picklist(IMPORT_DUPLICATE_ACTIONS),
  rows: v.optional(
    v.pipe(
      v.array(
        v.object({
          row: v.pipe(v.number(), v.safeInteger(), v.minValue(2), v.maxValue(IDENTIFIER_IMPORT_MAX_ROWS + 1)),
          action: v.picklist(IMPORT_DUPLICATE_ACTIONS),
        }),
      ),
      v.maxLength(IDENTIFIER_IMPORT_MAX_ROWS),
    ),
    [],
  ),
});
export type IdentifierImportContinue = v.InferOutput<typeof IdentifierImportContinueSchema>;
