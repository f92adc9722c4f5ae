import type { FastifyInstance } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import { GROUP_RELATIONS, groupsEntity } from '../../../src/contract/entities/group';
import type { AppContext } from '../../context';
import { parseListQuery } from '../../db/list-sql';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound } from '../../domain/errors';
import { viewScope } from '../../domain/groups/access';
import { GROUP_COLUMNS, type GroupRow, groupTelephony, readSettings, withRelations } from '../../domain/groups/read';
import { readPage, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** The groups a caller may see: project and view scope (6.2); nobody sees groups by authorship alone. */
const scopedGroups = (ctx: AppContext, auth: Auth) =>
  ctx.db
    .selectFrom('domains as d')
    .where('d.project_id', '=', auth.projectId)
    .where(viewScope(auth, 'd') ?? sql<SqlBool>`1 = 0`);

/**
 * The group lists of 7.3 on the entity machinery: `GET /domains/items`
 * (filters, sort, search, paging, `with` relations, export) and
 * `GET /domains/{id}/items`, the groups below one group. Item reads and writes
 * go through the nested set (group-writes.ts).
 */
export async function groupListRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const definition = {
    entity: groupsEntity,
    scoped: (auth: Auth) => scopedGroups(ctx, auth),
    select: (q: ReturnType<typeof scopedGroups>) =>
      q.leftJoin('domain_types', 'domain_types.id', 'd.domain_type_id').select(GROUP_COLUMNS),
    columns: {
      id: 'd.id',
      name: 'd.name',
      description: 'd.description',
      parent_id: 'd.parent_id',
      domain_type_id: 'd.domain_type_id',
      logic_address: 'd.logic_address',
      parent_lft: 'd.lft',
    },
    relations: {
      users: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
        const members = sql`select 1 from user_domains l inner join users lu on lu.id = l.user_id
          where l.domain_id = d.id and lu.deleted_at is null`;
        if (rule === 'has') return sql<SqlBool>`exists (${members} and l.user_id in (${sql.join(ids as number[])}))`;
        return ids === 'null' ? sql<SqlBool>`not exists (${members})` : sql<SqlBool>`exists (${members})`;
      },
    },
    idColumn: 'd.id',
    toItems: async (rows: GroupRow[]) => {
      const [groups, telephony] = await Promise.all([
        withRelations(ctx.db, rows, GROUP_RELATIONS),
        groupTelephony(
          ctx.db,
          rows.map((r) => r.id),
        ),
      ]);
      return groups.map((group, i) => ({
        ...group,
        ...readSettings(rows[i]?.settings ?? '{}'),
        ...telephony.get(group.id),
        // Counted per group, licence info is the item's and GET /domains/{id}/license's (docs/decisions.md, Licences).
        licenseInfo: null,
      }));
    },
    custom: ['item', 'create', 'patch', 'delete'] as const,
  };
  registerEntityCalls(app, definition);

  registerCall(app, 'GET /domains/{id}/items', async ({ auth, params, query }) => {
    const scope = viewScope(auth, 'd');
    const parent = scope
      ? await ctx.db
          .selectFrom('domains as d')
          .select(['d.lft', 'd.rgt'])
          .where('d.id', '=', params.id)
          .where('d.project_id', '=', auth.projectId)
          .where(scope)
          .executeTakeFirst()
      : undefined;
    if (!parent) throw itemNotFound();
    const below = sql<SqlBool>`d.lft > ${parent.lft} and d.rgt < ${parent.rgt}`;
    return readPage(definition, auth, parseListQuery(groupsEntity, query), below);
  });
}
