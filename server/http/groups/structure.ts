import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { loadGroupAccess } from '../../domain/groups/access';
import { requireVisibleGroup } from '../../domain/groups/groups';
import { exportStructure } from '../../domain/groups/structure-export';
import { importRole, importStructure } from '../../domain/groups/structure-import';
import { exportUsers, importUsers } from '../../domain/groups/user-transfer';
import { registerCall } from '../plumbing/register-call';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Structure export and import of a group (7.3), and of its users alone (2.5). */
export async function structureRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /domains/{id}/export/structure', async ({ auth, params, query }) => {
    const base = await requireVisibleGroup(ctx.db, await loadGroupAccess(ctx.db, auth), params.id);
    const data = await exportStructure(ctx.db, auth, base, {
      domainType: query.domain_type,
      tzOffset: query.tz_offset,
    });
    return { file: { contentType: XLSX, filename: 'structure.xlsx', data } };
  });

  registerCall(app, 'POST /domains/{id}/import/structure', async ({ auth, params, body }) => {
    const access = await loadGroupAccess(ctx.db, auth);
    const base = await requireVisibleGroup(ctx.db, access, params.id);
    const roleId = await importRole(ctx.db, auth, body.fields.role_id);
    const file = body.files.file;
    if (!file) throw new Error('the declaration requires the file');
    return { data: await importStructure(ctx, access, base, file.data, roleId) };
  });

  registerCall(app, 'GET /domains/{id}/export/users', async ({ auth, params, query }) => {
    const base = await requireVisibleGroup(ctx.db, await loadGroupAccess(ctx.db, auth), params.id);
    return { file: await exportUsers(ctx.db, auth, base, { format: query.format, tzOffset: query.tz_offset }) };
  });

  registerCall(app, 'POST /domains/{id}/import/users', async ({ auth, params, body }) => {
    const base = await requireVisibleGroup(ctx.db, await loadGroupAccess(ctx.db, auth), params.id);
    const roleId = await importRole(ctx.db, auth, body.fields.role_id);
    const file = body.files.file;
    if (!file) throw new Error('the declaration requires the file');
    return { data: await importUsers(ctx, auth, base, file.data, roleId) };
  });
}
