import type { FastifyInstance } from 'fastify';
import { devicesEntity, type RawDevice, rawDevicesEntity } from '../../../src/contract/entities/device';
import { hasPermission } from '../../../src/contract/permissions';
import { DEVICES_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { dialectOf } from '../../db/dialects';
import { addFromPool, createDevice, deleteDevices, putFound, updateDevice } from '../../domain/devices/device-writes';
import {
  DEVICE_COLUMNS,
  DEVICE_RELATIONS,
  type DeviceListRow,
  POOL_COLUMNS,
  scopedDevices,
  scopedPool,
  selectDeviceRows,
  selectDevices,
  selectPool,
  statusCondition,
  toDeviceListItems,
  toDevices,
} from '../../domain/devices/devices';
import { sendBrokerSettings } from '../../domain/devices/provision';
import { withSyncState } from '../../domain/devices/tasks/sync-state';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Devices (7.4): the entity (live status from `ctx.deviceStatus`), the pool, and adding found or pooled devices. */
export async function deviceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // DeviceStatusChanged (presence.ts), to the project of the device, for those who see devices.
  ctx.realtime.authorize(
    DEVICES_TOPIC,
    (auth, rest) => rest === '' && devicesEntity.access.view.some((p) => hasPermission(auth.role.permissions, p)),
  );
  registerEntityCalls(app, {
    entity: devicesEntity,
    scoped: (auth) => scopedDevices(ctx.db, auth),
    select: selectDevices,
    columns: DEVICE_COLUMNS,
    relations: DEVICE_RELATIONS,
    conditions: { status: statusCondition(dialectOf(ctx.db), () => ctx.deviceStatus) },
    idColumn: 'd.id',
    toItems: async (rows) => withSyncState(ctx, await toDevices(ctx.db, ctx.deviceStatus, rows)),
    list: {
      select: selectDeviceRows,
      toItems: async (rows: DeviceListRow[]) => withSyncState(ctx, toDeviceListItems(ctx.deviceStatus, rows)),
    },
    create: (auth, body) => createDevice(ctx.db, auth, body),
    patch: (auth, id, body) => updateDevice(ctx.db, auth, id, body),
    remove: (_, ids) => deleteDevices(ctx.db, ids),
  });
  registerEntityCalls(app, {
    entity: rawDevicesEntity,
    scoped: (auth) => scopedPool(ctx.db, auth),
    select: selectPool,
    columns: POOL_COLUMNS,
    idColumn: 'p.id',
    toItems: async (rows) =>
      rows.map((r) => ({
        id: Number(r.id),
        serial_number: r.serial_number,
        type: r.type as RawDevice['type'],
        model: r.model,
        ip_address: r.ip_address,
        port: Number(r.port),
        protocol: r.protocol as RawDevice['protocol'],
        created_at: r.created_at,
      })),
  });
  registerCall(app, 'PUT /devices/items/found', async ({ auth, body }) => {
    const ids = await putFound(ctx.db, auth, body);
    // Found devices are told where to connect; the caller hears how it went (BrokerSettingsSent).
    const options = { db: ctx.db, link: ctx.deviceLink, realtime: ctx.realtime, allow: ctx.config.deviceSearch.allow };
    sendBrokerSettings(options, auth, ids).catch((error: unknown) =>
      app.log.warn({ err: error }, 'broker settings not sent to found devices'),
    );
    return { data: ids };
  });
  registerCall(app, 'PUT /devices/from-pool', async ({ auth, body }) => ({
    data: await addFromPool(ctx.db, auth, body),
  }));
}
