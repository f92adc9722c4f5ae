import { X509Certificate } from 'node:crypto';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type {
  Integration,
  IntegrationCamera,
  IntegrationCreate,
  IntegrationMacro,
  IntegrationType,
  IntegrationUpdate,
} from '../../../src/contract/entities/integration';
import { ERROR_CODES } from '../../../src/contract/errors';
import { LIST_PAGE_SIZE, type ListQuery } from '../../../src/contract/filters';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidRelated, itemNotFound, prohibited, refused, wrongParameters } from '../errors';
import { groupLevelReach, levelWriteReach, mayWriteAtLevel } from '../groups/level-scope';
import { type AxxonSettings, listCameras, listMacros } from './axxon';

/**
 * Integrations (6.3, 7.8). Who sees which, in SQL: whoever reads or changes project settings,
 * and whoever creates or edits devices (they pick a door's integration), sees every integration
 * of the project; edit-all every group's; edit-descendants those of groups strictly below the
 * caller's; manage-self-domain integrations those of the caller's own groups. Who changes
 * which is 6.3 by level (domain/groups/level-scope.ts). One integration per platform server
 * in a project (8.2 "external video platform server URL exists").
 */

const SELF = 'self_domain.manage_integrations';
const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);
const seesProject = (auth: Auth) =>
  (['project.view_settings', 'project.change_settings', 'devices.create', 'devices.edit'] as const).some((p) =>
    can(auth, p),
  );

export function scopedIntegrations(db: Kysely<Database>, auth: Auth) {
  const q = db.selectFrom('integrations as i').where('i.project_id', '=', auth.projectId);
  if (seesProject(auth)) return q;
  return q.where(groupLevelReach(auth, 'i', SELF) ?? sql<SqlBool>`1 = 0`);
}

export const INTEGRATION_COLUMNS = {
  id: 'i.id',
  name: 'i.name',
  type: 'i.type',
  domain_id: 'i.domain_id',
} as const;

export function selectIntegrations(q: ReturnType<typeof scopedIntegrations>) {
  return q
    .leftJoin('domains as g', 'g.id', 'i.domain_id')
    .leftJoin('users as author', 'author.id', 'i.created_by_user_id')
    .select([
      'i.id',
      'i.type',
      'i.name',
      'i.domain_id',
      'i.url',
      'i.user_name',
      'i.password',
      'i.certificate',
      'i.certificate_name',
      'i.created_at',
      'i.updated_at',
      'g.name as domain_name',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}

export type IntegrationRow = RowOf<ReturnType<typeof selectIntegrations>>;

/** What the console may know of a certificate file: its name, the first certificate's subject and end. */
function certificateOf(pem: string | null, name: string | null): Integration['settings']['certificate'] {
  if (!pem) return null;
  let subject = '';
  let validTo = '';
  try {
    const cert = new X509Certificate(pem);
    subject = cert.subject.replace(/\n/g, ', ');
    validTo = new Date(cert.validTo).toISOString();
  } catch {
    // Checked when uploaded; a file that no longer parses still shows by name.
  }
  return { name: name ?? 'certificate.pem', subject, valid_to: validTo, has_key: /PRIVATE KEY-----/.test(pem) };
}

export function toIntegration(row: IntegrationRow): Integration {
  const domainId = row.domain_id === null ? null : Number(row.domain_id);
  return {
    id: Number(row.id),
    type: row.type as IntegrationType,
    name: String(row.name),
    domain_id: domainId,
    domains: domainId === null ? [] : [{ id: domainId, name: String(row.domain_name ?? '') }],
    settings: {
      url: String(row.url),
      user: row.user_name ?? null,
      password: null,
      has_password: row.password !== null && row.password !== '',
      certificate: certificateOf(row.certificate, row.certificate_name),
    },
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
  };
}

/** Of visible integrations, the ones the caller may edit or delete (6.3, by each one's level). */
export async function permittedIntegrations(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const writable = levelWriteReach(auth, 'i', SELF);
  if (writable === null) return [];
  const rows = await db
    .selectFrom('integrations as i')
    .select('i.id')
    .where('i.project_id', '=', auth.projectId)
    .where('i.id', 'in', ids)
    .where(writable)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The server's address as compared: lower-cased, no trailing slash. */
export const urlKeyOf = (url: string) => url.trim().replace(/\/+$/, '').toLowerCase();

const urlExists = () =>
  refused(ERROR_CODES.integrationUrlExists, { errors: { 'settings.url': { code: 'not_unique' } } });

async function assertUrlFree(db: Kysely<Database>, projectId: number, key: string, except: number | null) {
  let q = db.selectFrom('integrations').select('id').where('project_id', '=', projectId).where('url_key', '=', key);
  if (except !== null) q = q.where('id', '<>', except);
  if (await q.executeTakeFirst()) throw urlExists();
}

/** Inserts or updates, turning the unique index's refusal (two saves racing) into 8.2's message. */
async function guardUnique<T>(write: () => Promise<T>, stillTaken: () => Promise<boolean>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (await stillTaken()) throw urlExists();
    throw error;
  }
}

/** POST /integrations. */
export async function createIntegration(db: Kysely<Database>, auth: Auth, body: IntegrationCreate): Promise<number> {
  const domainId = body.domain_id ?? null;
  if (domainId !== null) {
    const group = await db
      .selectFrom('domains')
      .select('id')
      .where('id', '=', domainId)
      .where('project_id', '=', auth.projectId)
      .executeTakeFirst();
    if (!group) throw invalidRelated(['domain_id']);
  }
  if (!(await mayWriteAtLevel(db, auth, domainId, SELF))) throw prohibited();
  const url = body.settings.url.replace(/\/+$/, '');
  const key = urlKeyOf(url);
  await assertUrlFree(db, auth.projectId, key, null);
  const now = nowIso();
  return guardUnique(
    async () =>
      Number(
        (
          await db
            .insertInto('integrations')
            .values({
              project_id: auth.projectId,
              domain_id: domainId,
              type: body.type,
              name: body.name,
              url,
              url_key: key,
              user_name: body.settings.user ?? null,
              password: body.settings.password ?? null,
              created_by_user_id: auth.userId,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      ),
    async () =>
      !!(await db
        .selectFrom('integrations')
        .select('id')
        .where('project_id', '=', auth.projectId)
        .where('url_key', '=', key)
        .executeTakeFirst()),
  );
}

/** POST /integrations/{id}: name and settings; a null password keeps the stored one (7.9). */
export async function updateIntegration(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  body: IntegrationUpdate,
): Promise<void> {
  const set: Partial<{
    name: string;
    url: string;
    url_key: string;
    user_name: string | null;
    password: string;
    updated_at: string;
  }> = { updated_at: nowIso() };
  if (body.name !== undefined) set.name = body.name;
  const settings = body.settings ?? {};
  if (settings.url !== undefined) {
    set.url = settings.url.replace(/\/+$/, '');
    set.url_key = urlKeyOf(set.url);
    await assertUrlFree(db, auth.projectId, set.url_key, id);
  }
  if (settings.user !== undefined) set.user_name = settings.user;
  if (settings.password !== undefined && settings.password !== null) set.password = settings.password;
  await guardUnique(
    () =>
      db.updateTable('integrations').set(set).where('id', '=', id).where('project_id', '=', auth.projectId).execute(),
    async () =>
      set.url_key !== undefined &&
      !!(await db
        .selectFrom('integrations')
        .select('id')
        .where('project_id', '=', auth.projectId)
        .where('url_key', '=', set.url_key)
        .where('id', '<>', id)
        .executeTakeFirst()),
  );
}

export async function deleteIntegrations(db: Kysely<Database>, auth: Auth, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('integrations')
    .where('project_id', '=', auth.projectId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/**
 * POST /integrations/{id}/certificate: a PEM file of one or more certificates (the platform's
 * own or its CA, trusted for HTTPS), optionally with the private key of the first one (then it
 * is the client certificate the server presents). Anything else is `invalid file`.
 */
export async function storeCertificate(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  file: { filename: string; data: Buffer },
): Promise<void> {
  const pem = file.data.toString('utf8');
  const certs = [...pem.matchAll(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)].map((m) => m[0]);
  const invalid = () => refused(ERROR_CODES.invalidFile, { errors: { certificate: { code: 'invalid' } } });
  if (certs.length === 0 || pem.includes('\0')) throw invalid();
  try {
    for (const cert of certs) new X509Certificate(cert);
  } catch {
    throw invalid();
  }
  const name = file.filename.replace(/[^\w.\- ]+/g, '_').slice(0, 128) || 'certificate.pem';
  await db
    .updateTable('integrations')
    .set({ certificate: pem, certificate_name: name, updated_at: nowIso() })
    .where('id', '=', id)
    .where('project_id', '=', auth.projectId)
    .execute();
}

export async function removeCertificate(db: Kysely<Database>, auth: Auth, id: number): Promise<void> {
  await db
    .updateTable('integrations')
    .set({ certificate: null, certificate_name: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('project_id', '=', auth.projectId)
    .execute();
}

/** What the adapter needs of a stored integration of the project. */
export async function adapterSettings(db: Kysely<Database>, projectId: number, id: number): Promise<AxxonSettings> {
  const row = await db
    .selectFrom('integrations')
    .select(['url', 'user_name', 'password', 'certificate'])
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) throw itemNotFound();
  return { url: row.url, user: row.user_name, password: row.password, certificate: row.certificate };
}

/** The name search of a picker (`search` contains), and its page, from a list query. */
function pageOf<T extends { name: string }>(all: T[], query: ListQuery) {
  const search = query.filters.find((f) => f.field === 'search' && f.rule === 'contains');
  const needle = typeof search?.value === 'string' ? search.value.trim().toLowerCase() : '';
  const found = needle ? all.filter((x) => x.name.toLowerCase().includes(needle)) : all;
  const size = query.size ?? LIST_PAGE_SIZE;
  const page = query.page ?? 1;
  return { data: found.slice((page - 1) * size, page * size), meta: { page, size, total: found.length } };
}

/** Filters other than the name search have nothing to match on a platform's list. */
function assertOnlySearch(query: ListQuery) {
  const other = query.filters.find((f) => f.field !== 'search');
  if (other) throw wrongParameters({ filters: { code: 'invalid' } });
}

/** GET /integrations/{id}/macros: the platform's macros in its order, `id` their place (1-based). */
export async function integrationMacros(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  query: ListQuery,
): Promise<{ data: IntegrationMacro[]; meta: { page: number; size: number; total: number } }> {
  assertOnlySearch(query);
  const macros = await listMacros(await adapterSettings(db, auth.projectId, id));
  return pageOf(
    macros.map((m, i) => ({ id: i + 1, name: m.name, guid: m.guid })),
    query,
  );
}

/** GET /integrations/{id}/cameras: the platform's cameras in its order, `id` their place (1-based). */
export async function integrationCameras(
  db: Kysely<Database>,
  auth: Auth,
  id: number,
  query: ListQuery,
): Promise<{ data: IntegrationCamera[]; meta: { page: number; size: number; total: number } }> {
  assertOnlySearch(query);
  const cameras = await listCameras(await adapterSettings(db, auth.projectId, id));
  return pageOf(
    cameras.map((c, i) => ({
      id: i + 1,
      name: c.displayName,
      display_name: c.displayName,
      access_point: c.accessPoint,
    })),
    query,
  );
}
