import type { FastifyInstance } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import { GROUP_RELATIONS, groupsResource } from '../../src/contract/entities/group';
import type { AppContext } from '../context';
import { VIEW_PERMISSIONS, viewScope } from '../domain/group-access';
import { GROUP_COLUMNS, type GroupRow, readSettings, withRelations } from '../domain/group-read';
import { defineList, idOf, type ResourceDefinition } from '../resources/define-resource';
import { itemNotFound } from './http-error';

/**
 * The group lists of 7.3 on the generic list machinery: `GET /domains/items`
 * (filters, sort, search, paging, `with` relations, export) and
 * `GET /domains/{id}/items`, the groups below one group. Writes live in group-crud.ts.
 */
export async function groupListRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const definition: ResourceDefinition<typeof groupsResource> = {
    contract: groupsResource,
    permissions: { view: [...VIEW_PERMISSIONS] },
    scoped: (auth) =>
      ctx.db
        .selectFrom('domains as d')
        .where('d.project_id', '=', auth.projectId)
        .where(viewScope(auth, 'd') ?? sql<SqlBool>`1 = 0`),
    select: (q) => q.leftJoin('domain_types', 'domain_types.id', 'd.domain_type_id').select(GROUP_COLUMNS),
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
      users: (rule, ids): Expression<SqlBool> => {
        const members = sql`select 1 from user_domains l inner join users lu on lu.id = l.user_id
          where l.domain_id = d.id and lu.deleted_at is null`;
        if (rule === 'has') return sql<SqlBool>`exists (${members} and l.user_id in (${sql.join(ids as number[])}))`;
        return ids === 'null' ? sql<SqlBool>`not exists (${members})` : sql<SqlBool>`exists (${members})`;
      },
    },
    idColumn: 'd.id',
    toItems: async (rows) => {
      const groups = await withRelations(ctx.db, rows as GroupRow[], GROUP_RELATIONS);
      return groups.map((group, i) => ({
        ...group,
        ...readSettings((rows[i] as GroupRow).settings),
        sip_number: null,
        sip_trunk: null,
        licenseInfo: null,
      }));
    },
  };

  defineList(app, definition);
  defineList(app, definition, {
    path: '/domains/{id}/items',
    exportPath: null,
    within: async (request, auth) => {
      const scope = viewScope(auth, 'd');
      const parent = scope
        ? await ctx.db
            .selectFrom('domains as d')
            .select(['d.lft', 'd.rgt'])
            .where('d.id', '=', idOf(request))
            .where('d.project_id', '=', auth.projectId)
            .where(scope)
            .executeTakeFirst()
        : undefined;
      if (!parent) throw itemNotFound();
      return sql<SqlBool>`d.lft > ${parent.lft} and d.rgt < ${parent.rgt}`;
    },
  });
}
