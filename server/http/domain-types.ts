import type { FastifyInstance } from 'fastify';
import { BUILT_IN_DOMAIN_TYPES, domainTypesResource } from '../../src/contract/entities/domain-type';
import { ERROR_CODES } from '../../src/contract/errors';
import type { AppContext } from '../context';
import { nowIso } from '../domain/clock';
import { assertUniqueInProject } from '../domain/unique-in-project';
import { defineResource } from '../resources/define-resource';
import { HttpError, invalidData, prohibited } from './http-error';

const builtIn = new Set<string>(BUILT_IN_DOMAIN_TYPES);

/**
 * /domain-types (7.3): the group types of the project. Anyone who views, creates or edits
 * groups (or holds system.view_domain_types) reads them; custom types are added and edited
 * with domains.edit_all; built-in codes are fixed (they drive the hierarchy rules).
 */
export async function domainTypeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  /** A type code is unique in the project (the hierarchy rules key on it). */
  const assertCodeFree = (projectId: number, type: string, exceptId?: number) =>
    assertUniqueInProject(ctx.db, 'domain_types', 'type', type, projectId, exceptId);
  /** The group a type is limited to must be a group of the same project. */
  const assertHomeGroup = async (projectId: number, domainId: number | null | undefined) => {
    if (domainId === null || domainId === undefined) return;
    const home = await ctx.db
      .selectFrom('domains')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', domainId)
      .executeTakeFirst();
    if (!home) throw invalidData({ domain_id: { code: 'invalid' } });
  };

  defineResource(app, {
    contract: domainTypesResource,
    permissions: {
      view: [
        'system.view_domain_types',
        'domains.view_all',
        'domains.view_descendants',
        'domains.view_self',
        'domains.create_root',
        'domains.create_descendants',
      ],
      create: ['domains.edit_all'],
      edit: ['domains.edit_all'],
      delete: ['domains.edit_all'],
    },
    scoped: (auth) => ctx.db.selectFrom('domain_types as t').where('t.project_id', '=', auth.projectId),
    select: (q) => q.select(['t.id', 't.type', 't.name', 't.domain_id']),
    columns: { id: 't.id', type: 't.type', name: 't.name', domain_id: 't.domain_id' },
    idColumn: 't.id',
    toItems: async (rows) =>
      rows.map((r) => ({
        id: Number(r.id),
        type: String(r.type),
        name: String(r.name),
        domain_id: r.domain_id === null ? null : Number(r.domain_id),
        is_built_in: builtIn.has(String(r.type)),
      })),
    create: async (auth, body) => {
      await assertCodeFree(auth.projectId, body.type);
      await assertHomeGroup(auth.projectId, body.domain_id);
      const row = await ctx.db
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
    },
    // Built-in types and types still given to groups stay (a group always has a type).
    remove: async (auth, ids) => {
      const rows = await ctx.db.selectFrom('domain_types').select(['id', 'type']).where('id', 'in', ids).execute();
      if (rows.some((r) => builtIn.has(r.type))) throw prohibited();
      const used = await ctx.db
        .selectFrom('domains')
        .select('id')
        .where('domain_type_id', 'in', ids)
        .executeTakeFirst();
      if (used) throw new HttpError(400, { message: ERROR_CODES.cannotPerformAction, entities: ['domains'] });
      const result = await ctx.db
        .deleteFrom('domain_types')
        .where('id', 'in', ids)
        .where('project_id', '=', auth.projectId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    patch: async (auth, id, body) => {
      const current = await ctx.db
        .selectFrom('domain_types')
        .select('type')
        .where('id', '=', id)
        .where('project_id', '=', auth.projectId)
        .executeTakeFirstOrThrow();
      if (body.type !== undefined && body.type !== current.type) {
        if (builtIn.has(current.type)) throw prohibited();
        await assertCodeFree(auth.projectId, body.type, id);
      }
      await assertHomeGroup(auth.projectId, body.domain_id);
      await ctx.db
        .updateTable('domain_types')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.type !== undefined ? { type: body.type } : {}),
          ...(body.domain_id !== undefined ? { domain_id: body.domain_id } : {}),
        })
        .where('id', '=', id)
        .where('project_id', '=', auth.projectId)
        .execute();
    },
  });
}
