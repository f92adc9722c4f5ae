import type { Kysely } from 'kysely';
import {
  BUILT_IN_DOMAIN_TYPES,
  type DomainType,
  type DomainTypeCreate,
  type DomainTypePatch,
} from '../../../src/contract/entities/domain-type';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, prohibited, refused } from '../errors';
import { assertUniqueInProject } from '../unique-in-project';

/**
 * Group types of a project (7.3). Anyone who views, creates or edits groups
 * (or holds system.view_domain_types) reads them; custom types are added and
 * edited with domains.edit_all; built-in codes are fixed (the hierarchy rules key on them).
 */
const builtIn = new Set<string>(BUILT_IN_DOMAIN_TYPES);

export const DOMAIN_TYPE_COLUMNS = { id: 't.id', type: 't.type', name: 't.name', domain_id: 't.domain_id' } as const;

export const scopedDomainTypes = (db: Kysely<Database>, auth: Auth) =>
  db.selectFrom('domain_types as t').where('t.project_id', '=', auth.projectId);

export const selectDomainTypes = (q: ReturnType<typeof scopedDomainTypes>) =>
  q.select(['t.id', 't.type', 't.name', 't.domain_id']);

export function toDomainTypes(rows: RowOf<ReturnType<typeof selectDomainTypes>>[]): DomainType[] {
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    name: r.name,
    domain_id: r.domain_id,
    is_built_in: builtIn.has(r.type),
  }));
}

/** A type code is unique in the project (the hierarchy rules key on it). */
const assertCodeFree = (db: Kysely<Database>, projectId: number, type: string, exceptId?: number) =>
  assertUniqueInProject(db, 'domain_types', 'type', type, projectId, exceptId);

/** The group a type is limited to must be a group of the same project. */
async function assertHomeGroup(db: Kysely<Database>, projectId: number, domainId: number | null | undefined) {
  if (domainId === null || domainId === undefined) return;
  const home = await db
    .selectFrom('domains')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', domainId)
    .executeTakeFirst();
  if (!home) throw invalidData({ domain_id: { code: 'invalid' } });
}

export async function createDomainType(db: Kysely<Database>, auth: Auth, body: DomainTypeCreate): Promise<number> {
  await assertCodeFree(db, auth.projectId, body.type);
  await assertHomeGroup(db, auth.projectId, body.domain_id);
  const row = await db
    .insertInto('domain_types')
    .values({
      project_id: auth.projectId,
      type: body.type,
      name: body.name,
      domain_id: body.domain_id ?? null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDomainType(db: Kysely<Database>, auth: Auth, id: number, body: DomainTypePatch) {
  const current = await db
    .selectFrom('domain_types')
    .select('type')
    .where('id', '=', id)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirstOrThrow();
  if (body.type !== undefined && body.type !== current.type) {
    if (builtIn.has(current.type)) throw prohibited();
    await assertCodeFree(db, auth.projectId, body.type, id);
  }
  await assertHomeGroup(db, auth.projectId, body.domain_id);
  await db
    .updateTable('domain_types')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      ...(body.domain_id !== undefined ? { domain_id: body.domain_id } : {}),
    })
    .where('id', '=', id)
    .where('project_id', '=', auth.projectId)
    .execute();
}

/** Built-in types and types still given to groups stay (a group always has a type). */
export async function deleteDomainTypes(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number> {
  const rows = await db.selectFrom('domain_types').select(['id', 'type']).where('id', 'in', ids).execute();
  if (rows.some((r) => builtIn.has(r.type))) throw prohibited();
  const used = await db.selectFrom('domains').select('id').where('domain_type_id', 'in', ids).executeTakeFirst();
  if (used) throw refused(ERROR_CODES.cannotPerformAction, { entities: ['domains'] });
  const result = await db
    .deleteFrom('domain_types')
    .where('id', 'in', ids)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
