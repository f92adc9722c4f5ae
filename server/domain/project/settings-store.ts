import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { nowIso } from '../clock';

/**
 * Where project settings live (migration 0025): one JSON object per project and
 * section in `project_settings`, and per section of the installation in
 * `installation_settings`. A section or a field that is missing (or unreadable)
 * is its default, so a release adds fields and sections without a migration.
 * This module only stores; `settings.ts` knows the sections and their defaults.
 */

/** The stored sections of a project (the tabs of /general-settings, and what a later area adds). */
export type StoredSection =
  | 'general'
  | 'sip'
  | 'push'
  | 'whitelabel'
  | 'apple_wallet'
  | 'mail'
  | 'domain_forward_rules'
  | (string & {});

/** A section as stored: an object whose fields each may be missing. */
export type Stored = Record<string, unknown>;

const ObjectSchema = v.record(v.string(), v.unknown());

/** One section of a project ({} when nothing is stored). */
export async function readSection(db: Kysely<Database>, projectId: number, section: StoredSection): Promise<Stored> {
  const row = await db
    .selectFrom('project_settings')
    .select('value')
    .where('project_id', '=', projectId)
    .where('section', '=', section)
    .executeTakeFirst();
  return readJson(row?.value ?? null, ObjectSchema, {});
}

/** Several sections of a project at once. */
export async function readSections(
  db: Kysely<Database>,
  projectId: number,
  sections: readonly StoredSection[],
): Promise<Record<string, Stored>> {
  const rows = await db
    .selectFrom('project_settings')
    .select(['section', 'value'])
    .where('project_id', '=', projectId)
    .where('section', 'in', [...sections])
    .execute();
  const out: Record<string, Stored> = {};
  for (const section of sections) out[section] = {};
  for (const row of rows) out[row.section] = readJson(row.value, ObjectSchema, {});
  return out;
}

/** Writes the fields given over the stored ones (a field set to undefined is left as it was). */
export async function writeSection(
  db: Kysely<Database>,
  projectId: number,
  section: StoredSection,
  fields: Stored,
  userId: number | null,
): Promise<Stored> {
  const stored = await readSection(db, projectId, section);
  const value: Stored = { ...stored };
  for (const [key, field] of Object.entries(fields)) if (field !== undefined) value[key] = field;
  const now = nowIso();
  await db
    .insertInto('project_settings')
    .values({
      project_id: projectId,
      section,
      value: JSON.stringify(value),
      updated_by_user_id: userId,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'section'])
        .doUpdateSet({ value: JSON.stringify(value), updated_by_user_id: userId, updated_at: now }),
    )
    .execute();
  return value;
}

/** One section of the installation ({} when nothing is stored). */
export async function readInstallationSection(db: Kysely<Database>, section: string): Promise<Stored> {
  const row = await db
    .selectFrom('installation_settings')
    .select('value')
    .where('section', '=', section)
    .executeTakeFirst();
  return readJson(row?.value ?? null, ObjectSchema, {});
}

/** Replaces a section of the installation; null removes it. */
export async function writeInstallationSection(
  db: Kysely<Database>,
  section: string,
  value: Stored | null,
): Promise<void> {
  if (value === null) {
    await db.deleteFrom('installation_settings').where('section', '=', section).execute();
    return;
  }
  const now = nowIso();
  await db
    .insertInto('installation_settings')
    .values({ section, value: JSON.stringify(value), updated_at: now })
    .onConflict((oc) => oc.column('section').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
    .execute();
}

/** A stored field of a type, else the default (a damaged value never fails a read). */
export function field<T>(stored: Stored, key: string, schema: v.GenericSchema<unknown, T>, fallback: T): T {
  if (!(key in stored)) return fallback;
  const parsed = v.safeParse(schema, stored[key]);
  return parsed.success ? parsed.output : fallback;
}
