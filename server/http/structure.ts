import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { StructureExportQuerySchema, StructureImportFieldsSchema } from '../../src/contract/entities/group-structure';
import { ERROR_CODES } from '../../src/contract/errors';
import type { AppContext } from '../context';
import { loadGroupAccess } from '../domain/group-access';
import { requireVisibleGroup } from '../domain/groups';
import { exportStructure } from '../domain/structure-export';
import { importStructure } from '../domain/structure-import';
import { idOf } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';
import { parseQuery } from './groups';
import { HttpError, invalidData, invalidRelated, prohibited } from './http-error';

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Reads the multipart body: the `file` part as a buffer, the other parts as fields. */
async function readMultipart(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'file') file = await part.toBuffer();
      else await part.toBuffer();
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, file };
}

/** Structure export and import of a group (7.3), with multipart upload. */
export async function structureRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
  const config = { auth: true };

  app.get(
    '/domains/:id/export/structure',
    { config, preHandler: requirePermission('domains.view_all', 'domains.view_descendants', 'domains.view_self') },
    async (request, reply) => {
      const auth = authOf(request);
      const query = parseQuery(StructureExportQuerySchema, request.query);
      const access = await loadGroupAccess(ctx.db, auth);
      const base = await requireVisibleGroup(ctx.db, access, idOf(request));
      const buffer = await exportStructure(ctx.db, auth, base, {
        domainType: query.domain_type,
        tzOffset: query.tz_offset,
      });
      reply.header('content-type', XLSX).header('content-disposition', 'attachment; filename="structure.xlsx"');
      return reply.send(buffer);
    },
  );

  app.post(
    '/domains/:id/import/structure',
    { config, preHandler: requirePermission('domains.create_root', 'domains.create_descendants') },
    async (request) => {
      const auth = authOf(request);
      const access = await loadGroupAccess(ctx.db, auth);
      const base = await requireVisibleGroup(ctx.db, access, idOf(request));
      if (!request.isMultipart()) throw new HttpError(400, { message: ERROR_CODES.wrongFileBody });
      const { fields, file } = await readMultipart(request);
      if (!file) throw invalidData({ file: { code: 'required' } });
      const parsed = v.safeParse(StructureImportFieldsSchema, fields);
      if (!parsed.success) throw invalidData({ [String(v.getDotPath(parsed.issues[0]))]: { code: 'invalid' } });
      const role = await ctx.db
        .selectFrom('roles')
        .select('id')
        .where('id', '=', parsed.output.role_id)
        .where('project_id', '=', auth.projectId)
        .executeTakeFirst();
      if (!role) throw invalidRelated(['role']);
      // New and newly attached users get this role: only a role the caller may assign (6.1).
      if (!auth.role.isAdmin) {
        const assignable = await ctx.db
          .selectFrom('role_available_roles')
          .select('available_role_id')
          .where('role_id', '=', auth.role.id)
          .where('available_role_id', '=', role.id)
          .executeTakeFirst();
        if (!assignable) throw prohibited();
      }
      return { data: await importStructure(ctx, access, base, file, role.id) };
    },
  );
}
