import * as v from 'valibot';
import { MAX_ID } from '../ids';
import { ImportRowErrorSchema, NumberParamSchema, STRUCTURE_SHEETS, TzOffsetSchema } from './group-structure';

/**
 * Users of a group in and out (2.5 "batch user upload" and "users export/import
 * by group"): the Users sheet of the structure file (7.3) alone, as an Excel
 * sheet or a CSV file. Import reads what export writes, so a group's users can
 * be exported, edited and uploaded back. See docs/decisions.md, "Users".
 */

/** Columns of the users file, in order; only `login` or `email` is required on a row. */
export const USER_FILE_COLUMNS = STRUCTURE_SHEETS.users.columns;
export const USER_FILE_FORMATS = ['xlsx', 'csv'] as const;
export type UserFileFormat = (typeof USER_FILE_FORMATS)[number];
/** A users file is small: 5 MB is some 50 000 rows of CSV. */
export const USER_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Multipart fields of POST /domains/{id}/import/users besides `file` (.xlsx or .csv). */
export const UserImportFieldsSchema = v.object({
  role_id: v.pipe(NumberParamSchema, v.integer(), v.minValue(1), v.maxValue(MAX_ID)),
});

/** What an upload did: accounts created (and invited), existing ones attached, refused rows (8.2). */
export const UserImportResultSchema = v.object({
  users_created: v.number(),
  users_attached: v.number(),
  errors: v.array(ImportRowErrorSchema),
});
export type UserImportResult = v.InferOutput<typeof UserImportResultSchema>;

/** GET /domains/{id}/export/users query: the file's format and the caller's UTC offset for dates. */
export const UserExportQuerySchema = v.object({
  format: v.optional(v.picklist(USER_FILE_FORMATS), 'xlsx'),
  tz_offset: v.optional(TzOffsetSchema, 0),
});
