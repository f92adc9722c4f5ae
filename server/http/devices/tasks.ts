import type { FastifyInstance } from 'fastify';
import { devicesEntity } from '../../../src/contract/entities/device';
import { deviceTasksEntity } from '../../../src/contract/entities/device-task';
import { hasPermission } from '../../../src/contract/permissions';
import { DEVICE_TASKS_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { scopedDevices } from '../../domain/devices/devices';
import {
  applySettings,
  deleteTasks,
  initDevice,
  reinitDevices,
  restartTasks,
  setProtocol,
  setUseAddress,
} from '../../domain/devices/tasks/actions';
import { forwardSettings, forwardsWorkbook, saveForwardSettings } from '../../domain/devices/tasks/forwards';
import {
  entitiesOf,
  scopedTasks,
  selectTasks,
  TASK_COLUMNS,
  TASK_RELATIONS,
  toTasks,
} from '../../domain/devices/tasks/queries';
import { syncErrors } from '../../domain/devices/tasks/sync-state';
import { itemNotFound } from '../../domain/errors';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Device tasks (7.4) and what runs through them: init, settings apply, sync errors, protocol, forwards. */
export async function deviceTaskRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // DeviceTasksChanged (tasks/announce.ts): for those who see tasks, and those who see devices
  // (the init dialog of a device page follows its batch).
  const listens = [...deviceTasksEntity.access.view, ...devicesEntity.access.view];
  ctx.realtime.authorize(
    DEVICE_TASKS_TOPIC,
    (auth, rest) => rest === '' && listens.some((p) => hasPermission(auth.role.permissions, p)),
  );
  registerEntityCalls(app, {
    entity: deviceTasksEntity,
    scoped: (auth) => scopedTasks(ctx.db, auth),
    select: selectTasks,
    columns: TASK_COLUMNS,
    relations: TASK_RELATIONS,
    idColumn: 't.id',
    toItems: async (rows) => toTasks(rows),
    remove: (_, ids) => deleteTasks(ctx, ids),
  });
  registerCall(app, 'GET /devices/tasks/{id}/entities', async ({ params }) => {
    const row = await ctx.db
      .selectFrom('device_tasks')
      .select('entities')
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!row) throw itemNotFound();
    return { data: entitiesOf(row.entities) };
  });
  registerCall(app, 'POST /devices/tasks/restart', async ({ auth, body }) => ({
    data: { restarted: await restartTasks(ctx, auth, body) },
  }));
  registerCall(app, 'POST /devices/tasks/reinit', async ({ auth, body }) => ({
    data: await reinitDevices(ctx, auth, body.devices),
  }));
  registerCall(app, 'POST /devices/init/{id}', async ({ auth, params }) => ({
    data: await initDevice(ctx, auth, params.id),
  }));
  registerCall(app, 'POST /devices/{id}/settings/apply', async ({ auth, params }) => ({
    data: await applySettings(ctx, auth, params.id),
  }));
  registerCall(app, 'GET /devices/{id}/sync/errors', async ({ params }) => ({
    data: await syncErrors(ctx.db, params.id),
  }));
  registerCall(app, 'POST /devices/{id}/set-protocol', async ({ params, body }) => {
    await setProtocol(ctx, params.id, body.protocol);
    return { data: true as const };
  });
  registerCall(app, 'POST /devices/set-use-address', async ({ auth, body }) => ({
    data: { updated: await setUseAddress(ctx, auth, body.items, body.use_address) },
  }));
  registerCall(app, 'GET /devices/{id}/forwards', async ({ auth, params }) => {
    const device = await scopedDevices(ctx.db, auth).select('d.name').where('d.id', '=', params.id).executeTakeFirst();
    if (!device) throw itemNotFound();
    const data = await forwardsWorkbook(ctx.db, params.id, device.name);
    return { file: { contentType: XLSX, filename: `forwards-${params.id}.xlsx`, data } };
  });
  registerCall(app, 'GET /devices/{id}/forwards/settings', async ({ params }) => ({
    data: await forwardSettings(ctx.db, params.id),
  }));
  registerCall(app, 'POST /devices/{id}/forwards/settings', async ({ params, body }) => ({
    data: await saveForwardSettings(ctx.db, params.id, body),
  }));
}
