import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { BACKUPS_TOPIC, backupsEntity } from '../../../src/contract/entities/backup';
import { hasPermission } from '../../../src/contract/permissions';
import type { AppContext } from '../../context';
import { requestAccessSync } from '../../domain/access/sync/request';
import type { Auth } from '../../domain/auth/auth-context';
import { createBackups } from '../../domain/backups/backups';
import { BACKUP_COLUMNS, deleteBackups, scopedBackups, selectBackups, toBackup } from '../../domain/backups/catalogue';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Entities whose rows devices hold (their lists are sent again after a restore of any of them). */
const DEVICE_FACING = new Set(['users', 'devices', 'access', 'identifiers', 'groups', 'elevators']);

/**
 * Backups (6.2, 7.8): the stored backups (list, item, delete), make, restore from file,
 * preview, apply, download; progress on `private-backups` for holders of backups.view.
 */
export async function backupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  ctx.realtime.authorize(
    BACKUPS_TOPIC,
    (auth, rest) => rest === '' && hasPermission(auth.role.permissions, 'backups.view'),
  );
  const backups = createBackups({
    db: ctx.db,
    target: ctx.config,
    dataDir: ctx.config.dataDir,
    // A test server (PASSWORD_HASH_COST=low) derives archive keys cheaply too.
    kdfCost: ctx.config.passwordHashing.cost,
    realtime: ctx.realtime,
    log: app.log,
    async afterRestore(projectId, plan) {
      if (!plan.tables.some((t) => DEVICE_FACING.has(t.table.entity))) return;
      const devices = await ctx.db.selectFrom('devices').select('id').where('project_id', '=', projectId).execute();
      await requestAccessSync(
        ctx,
        projectId,
        devices.map((d) => Number(d.id)),
      );
    },
  });

  registerEntityCalls(app, {
    entity: backupsEntity,
    scoped: (auth: Auth) => scopedBackups(ctx.db, auth),
    select: selectBackups,
    columns: BACKUP_COLUMNS,
    idColumn: 'b.id',
    toItems: async (rows) => rows.map(toBackup),
    remove: async (auth, ids) => {
      const deleted = await deleteBackups(ctx.db, ctx.config.dataDir, auth.projectId, ids);
      ctx.realtime.publish(BACKUPS_TOPIC, { type: 'BackupsChanged' }, { projectId: auth.projectId });
      return deleted;
    },
  });

  registerCall(app, 'POST /backups/make', async ({ auth, body }) => ({ data: await backups.make(auth, body) }));
  registerCall(app, 'POST /backups/restore', async ({ auth, body }) => ({
    data: await backups.upload(auth, body.files.file?.data ?? Buffer.alloc(0)),
  }));
  registerCall(app, 'POST /backups/{id}/preview', async ({ auth, params, body }) => ({
    data: await backups.preview(auth, params.id, body),
  }));
  registerCall(app, 'POST /backups/{id}/apply', async ({ auth, params, body }) => ({
    data: await backups.apply(auth, params.id, body),
  }));
  registerCall(app, 'GET /backups/{id}/download', async ({ auth, params }) => {
    const { path, row } = await backups.archiveOf(auth, params.id);
    const day = row.created_at.slice(0, 10);
    const name =
      row.name
        .replace(/[^\w.-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'backup';
    return {
      file: {
        contentType: 'application/zip',
        data: createReadStream(path),
        filename: `gatehouse-${name}-${day}.zip`,
        cacheControl: 'no-store',
      },
    };
  });
}
