import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { SipTrunk, SipTrunkCreate, SipTrunkPatch } from '../../../src/contract/entities/sip-trunk';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import type { Config } from '../../config';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidRelated, refused } from '../errors';

/**
 * SIP trunks (section 3, 5, 6.2). Scopes, in SQL: sip_trunks.view_all → every
 * trunk of the project; view_descendants → trunks given to the caller's groups
 * or groups below them; view_domain (or self_domain.manage_sip_trunks) →
 * trunks given to the caller's groups; view_own → trunks the caller created.
 * Groups a caller may give a trunk follow the same reach (any group with
 * view_all; else the caller's groups, and the groups below them with
 * view_descendants).
 */
const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);

export function scopedTrunks(db: Kysely<Database>, auth: Auth) {
  let q = db.selectFrom('sip_trunks as t').where('t.project_id', '=', auth.projectId);
  if (!can(auth, 'sip_trunks.view_all')) q = q.where(trunkViewScope(auth));
  return q;
}

function trunkViewScope(auth: Auth): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const mine = sql`select m.id, m.lft, m.rgt from user_domains mud inner join domains m on m.id = mud.domain_id
    where mud.user_id = ${auth.userId} and m.project_id = ${auth.projectId}`;
  if (can(auth, 'sip_trunks.view_descendants')) {
    parts.push(sql<SqlBool>`exists (select 1 from sip_trunk_domains td inner join domains g on g.id = td.domain_id
      inner join (${mine}) mg on g.lft >= mg.lft and g.rgt <= mg.rgt where td.sip_trunk_id = t.id)`);
  } else if (can(auth, 'sip_trunks.view_domain') || can(auth, 'self_domain.manage_sip_trunks')) {
    parts.push(sql<SqlBool>`exists (select 1 from sip_trunk_domains td inner join (${mine}) mg on mg.id = td.domain_id
      where td.sip_trunk_id = t.id)`);
  }
  if (can(auth, 'sip_trunks.view_own')) parts.push(sql<SqlBool>`t.created_by_user_id = ${auth.userId}`);
  if (parts.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export const TRUNK_COLUMNS = {
  id: 't.id',
  name: 't.name',
  outgoing_number: 't.outgoing_number',
  termination_uri: 't.termination_uri',
  login: 't.login',
  created_at: 't.created_at',
} as const;

export const TRUNK_RELATIONS = {
  domains: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    const links = sql`select 1 from sip_trunk_domains rtd where rtd.sip_trunk_id = t.id`;
    if (rule === 'has') return sql<SqlBool>`exists (${links} and rtd.domain_id in (${sql.join(ids as number[])}))`;
    return ids === 'null' ? sql<SqlBool>`not exists (${links})` : sql<SqlBool>`exists (${links})`;
  },
};

export function selectTrunks(q: ReturnType<typeof scopedTrunks>) {
  return q
    .leftJoin('users as author', 'author.id', 't.created_by_user_id')
    .select([
      't.id',
      't.name',
      't.outgoing_number',
      't.termination_uri',
      't.login',
      't.password',
      't.created_at',
      'author.id as author_id',
      'author.name as author_name',
    ]);
}

/** One row as selectTrunks reads it. */
export type TrunkRow = RowOf<ReturnType<typeof selectTrunks>>;

export async function toTrunks(db: Kysely<Database>, rows: TrunkRow[]): Promise<SipTrunk[]> {
  const ids = rows.map((r) => Number(r.id));
  const domains =
    ids.length === 0
      ? []
      : await db
          .selectFrom('sip_trunk_domains as td')
          .innerJoin('domains as d', 'd.id', 'td.domain_id')
          .select(['td.sip_trunk_id', 'd.id', 'd.name'])
          .where('td.sip_trunk_id', 'in', ids)
          .orderBy('d.lft')
          .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    outgoing_number: String(row.outgoing_number),
    termination_uri: String(row.termination_uri),
    login: (row.login as string | null) ?? null,
    has_password: row.password !== null && row.password !== '',
    domains: domains.filter((d) => d.sip_trunk_id === Number(row.id)).map((d) => ({ id: d.id, name: d.name })),
    created_at: String(row.created_at),
    created_by_user: row.author_id ? { id: Number(row.author_id), name: String(row.author_name) } : null,
  }));
}

/** The host part of a termination URI (`sip:user@host:port;params` → `host`), lower-cased. */
export function uriHost(uri: string): string {
  const rest = uri.trim().replace(/^sips?:/i, '');
  const afterUser = rest.includes('@') ? rest.slice(rest.lastIndexOf('@') + 1) : rest;
  const hostPort = afterUser.split(';')[0] ?? '';
  if (hostPort.startsWith('[')) return hostPort.slice(1, hostPort.indexOf(']')).toLowerCase();
  return (hostPort.split(':')[0] ?? '').toLowerCase();
}

/**
 * The names this server answers SIP on (section 5: a trunk's termination URI
 * cannot be the server's own address): the SIP proxy host, the HTTP host, the
 * public URL's host, and loopback.
 */
export function serverAddresses(config: Pick<Config, 'host' | 'sipProxyHost' | 'publicUrl'>): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
  for (const name of [config.host, config.sipProxyHost]) if (name) names.add(name.toLowerCase());
  try {
    names.add(new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase());
  } catch {
    // A public URL that does not parse names no host.
  }
  return names;
}

function assertNotServer(config: Parameters<typeof serverAddresses>[0], uri: string) {
  if (serverAddresses(config).has(uriHost(uri))) {
    throw refused(ERROR_CODES.trunkUriIsServerAddress, { errors: { termination_uri: { code: 'server_address' } } });
  }
}

/** The groups may be given a trunk by this caller (see the scope rules above). */
async function assertGroups(db: Kysely<Database>, auth: Auth, groupIds: number[]) {
  const unique = [...new Set(groupIds)];
  let q = db
    .selectFrom('domains as g')
    .select('g.id')
    .where('g.project_id', '=', auth.projectId)
    .where('g.id', 'in', unique);
  if (!can(auth, 'sip_trunks.view_all')) {
    const within = can(auth, 'sip_trunks.view_descendants')
      ? sql<SqlBool>`g.lft >= mg.lft and g.rgt <= mg.rgt`
      : sql<SqlBool>`g.id = mg.id`;
    q = q.where(sql<SqlBool>`exists (select 1 from user_domains mud inner join domains mg on mg.id = mud.domain_id
      where mud.user_id = ${auth.userId} and ${within})`);
  }
  if ((await q.execute()).length !== unique.length) throw invalidRelated(['domains']);
  return unique;
}

export async function createTrunk(
  db: Kysely<Database>,
  config: Parameters<typeof serverAddresses>[0],
  auth: Auth,
  body: SipTrunkCreate,
): Promise<number> {
  assertNotServer(config, body.termination_uri);
  const groups = await assertGroups(db, auth, body.domains);
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('sip_trunks')
      .values({
        project_id: auth.projectId,
        name: body.name,
        outgoing_number: body.outgoing_number,
        termination_uri: body.termination_uri,
        login: body.login || null,
        password: body.password,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sip_trunk_domains')
      .values(groups.map((domain_id) => ({ sip_trunk_id: id, domain_id })))
      .execute();
    return id;
  });
}

export async function updateTrunk(
  db: Kysely<Database>,
  config: Parameters<typeof serverAddresses>[0],
  auth: Auth,
  id: number,
  body: SipTrunkPatch,
): Promise<void> {
  if (body.termination_uri !== undefined) assertNotServer(config, body.termination_uri);
  const groups = body.domains ? await assertGroups(db, auth, body.domains) : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sip_trunks')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.outgoing_number !== undefined ? { outgoing_number: body.outgoing_number } : {}),
        ...(body.termination_uri !== undefined ? { termination_uri: body.termination_uri } : {}),
        ...(body.login !== undefined ? { login: body.login || null } : {}),
        // 7.9: null keeps the stored password.
        ...(body.password ? { password: body.password } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (groups) {
      await trx.deleteFrom('sip_trunk_domains').where('sip_trunk_id', '=', id).execute();
      await trx
        .insertInto('sip_trunk_domains')
        .values(groups.map((domain_id) => ({ sip_trunk_id: id, domain_id })))
        .execute();
    }
  });
}

export async function deleteTrunks(db: Kysely<Database>, ids: number[]): Promise<number> {
  const result = await db.deleteFrom('sip_trunks').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
