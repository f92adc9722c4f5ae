import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  type DeviceCreate,
  type DevicePatch,
  type DeviceSettings,
  defaultDeviceSettings,
  deviceRuleErrors,
  type FromPool,
  internalAddressOf,
  mergeDeviceSettings,
  nextSecret,
  type PutFound,
} from '../../../src/contract/entities/device';
import { ERROR_CODES, type FieldError } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { nowIso } from '../clock';
import { invalidData, invalidRelated, itemNotFound, refused } from '../errors';
import { floorMaps, groupReach, ownGroup, storedSettings } from './devices';

/**
 * Writing devices (section 5, 8.2): the group is one the caller reaches; serial
 * numbers are unique on the server (`serial number in use`); the internal
 * subnetwork address is unique in the project (`value not unique`); a virtual
 * number given to a device is the project's and free (`virtual number not free`),
 * and a device holding one must let it go before taking another (`device already
 * has a virtual number`); the rules between settings fields (`deviceRuleErrors`).
 * Secrets sent as null or as the placeholder keep the stored ones (7.9).
 */
type Db = Kysely<Database> | Transaction<Database>;
const flag = (b: boolean) => (b ? 1 : 0) as 0 | 1;
const notUnique = (field: string): Record<string, FieldError> => ({ [field]: { code: 'not_unique' } });

/** The group is the project's and within the caller's reach (else `invalid related entity sent`). */
async function assertGroup(db: Db, auth: Auth, groupId: number): Promise<void> {
  let q = db
    .selectFrom('domains as g')
    .select('g.id')
    .where('g.id', '=', groupId)
    .where('g.project_id', '=', auth.projectId);
  if (!hasPermission(auth.role.permissions, 'devices.view_all')) {
    // A creator who may not view devices adds them to its own groups.
    q = q.where(groupReach(auth, 'g.id') ?? ownGroup(auth, 'g.id'));
  }
  if (!(await q.executeTakeFirst())) throw invalidRelated(['domain']);
}

/** Serial numbers already held by a device (other than `exceptId`) on the whole server. */
async function takenSerials(db: Db, serials: string[], exceptId = 0): Promise<Set<string>> {
  if (serials.length === 0) return new Set();
  const rows = await db
    .selectFrom('devices')
    .select('serial_number')
    .where('serial_number', 'in', serials)
    .where('id', '<>', exceptId)
    .execute();
  return new Set(rows.map((r) => r.serial_number as string));
}

async function assertSerialFree(db: Db, serial: string | null, exceptId = 0): Promise<void> {
  if (serial !== null && (await takenSerials(db, [serial], exceptId)).size > 0) {
    throw refused(ERROR_CODES.serialNumberInUse, { errors: notUnique('serial_number') });
  }
}

async function assertAddressFree(db: Db, auth: Auth, address: string | null, exceptId = 0): Promise<void> {
  if (address === null) return;
  const taken = await db
    .selectFrom('devices')
    .select('id')
    .where('project_id', '=', auth.projectId)
    .where('internal_address', '=', address)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (taken) throw refused(ERROR_CODES.valueNotUnique, { errors: notUnique('device_settings.address.device') });
}

/** The virtual number may be given to the device (see the rules above). */
async function assertNumber(db: Db, auth: Auth, deviceId: number, numberId: number | null): Promise<void> {
  if (numberId === null) return;
  const n = await db
    .selectFrom('sip_numbers')
    .select(['id', 'user_id', 'device_id', 'domain_id'])
    .where('id', '=', numberId)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!n) throw invalidRelated(['sip_number']);
  if (n.device_id === deviceId) return;
  if (n.user_id !== null || n.device_id !== null || n.domain_id !== null) {
    throw refused(ERROR_CODES.virtualNumberNotFree, { errors: notUnique('sip_number_id') });
  }
  if (deviceId === 0) return;
  const held = await db.selectFrom('sip_numbers').select('id').where('device_id', '=', deviceId).executeTakeFirst();
  if (held) throw refused(ERROR_CODES.deviceHasNumber, { errors: notUnique('sip_number_id') });
}

/** The device's virtual number becomes `numberId` (null: it holds none). */
async function linkNumber(trx: Transaction<Database>, deviceId: number, numberId: number | null) {
  const now = nowIso();
  await trx
    .updateTable('sip_numbers')
    .set({ device_id: null, updated_at: now })
    .where('device_id', '=', deviceId)
    .where('id', '<>', numberId ?? 0)
    .execute();
  if (numberId !== null) {
    await trx
      .updateTable('sip_numbers')
      .set({ device_id: deviceId, updated_at: now })
      .where('id', '=', numberId)
      .execute();
  }
}

async function writeFloors(trx: Transaction<Database>, deviceId: number, settings: DeviceSettings) {
  await trx.deleteFrom('device_floors').where('device_id', '=', deviceId).execute();
  const floors = settings.lift_controller.floor_map;
  if (floors.length === 0) return;
  await trx
    .insertInto('device_floors')
    .values(
      floors.map((f) => ({
        device_id: deviceId,
        floor: f.floor,
        name: f.name,
        is_public: flag(f.is_public),
        is_panel_floor: flag(f.is_panel_floor),
        apartments: JSON.stringify(f.apartments),
        ports: JSON.stringify(f.ports),
      })),
    )
    .execute();
}

/** The settings JSON column: everything but the MQTT password (a column) and the floor map (a table). */
const settingsJson = (s: DeviceSettings) => {
  const { mqtt_password: _mqtt, lift_controller, integration_axxon, ...rest } = s;
  // The integration's name is read with the device, never stored with its settings.
  const { integration_name: _name, ...link } = integration_axxon;
  return JSON.stringify({
    ...rest,
    integration_axxon: link,
    lift_controller: { ...lift_controller, floor_map: undefined },
  });
};

function assertRules(type: DeviceCreate['type'], settings: DeviceSettings) {
  const errors = deviceRuleErrors(type, settings);
  if (Object.keys(errors).length > 0) throw invalidData(errors);
}

/** The integrator of section 5 is an integration of the project (docs/decisions.md "Integrations"). */
async function assertIntegration(db: Kysely<Database>, auth: Auth, integrationId: number | null | undefined) {
  if (integrationId === null || integrationId === undefined) return;
  const found = await db
    .selectFrom('integrations')
    .select('id')
    .where('id', '=', integrationId)
    .where('project_id', '=', auth.projectId)
    .executeTakeFirst();
  if (!found) throw invalidRelated(['integration_axxon.integration_id']);
}

const newToken = () => randomBytes(24).toString('base64url');

export async function createDevice(db: Kysely<Database>, auth: Auth, body: DeviceCreate): Promise<number> {
  const settings = mergeDeviceSettings(defaultDeviceSettings(), body.device_settings);
  assertRules(body.type, settings);
  await assertIntegration(db, auth, body.device_settings?.integration_axxon?.integration_id);
  await assertGroup(db, auth, body.domain_id);
  const address = internalAddressOf(settings.address);
  return db.transaction().execute(async (trx) => {
    await assertSerialFree(trx, body.serial_number);
    await assertAddressFree(trx, auth, address);
    await assertNumber(trx, auth, 0, body.sip_number_id);
    const now = nowIso();
    const { id } = await trx
      .insertInto('devices')
      .values({
        project_id: auth.projectId,
        name: body.name,
        description: body.description,
        type: body.type,
        model: body.model,
        ip_address: body.ip_address,
        port: body.port,
        serial_number: body.serial_number,
        password: body.password,
        device_login: body.device_login,
        device_password: body.device_password,
        protocol: body.protocol,
        domain_id: body.domain_id,
        token: newToken(),
        settings: settingsJson(settings),
        get_logs: flag(body.get_logs),
        heartbeat: flag(body.management.heartbeat ?? true),
        realtime_logging: flag(body.management.realtime_logging ?? false),
        location_latitude: body.location_latitude,
        location_longitude: body.location_longitude,
        mqtt_password: settings.mqtt_password,
        internal_address: address,
        created_by_user_id: auth.userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeFloors(trx, id, settings);
    await linkNumber(trx, id, body.sip_number_id);
    return id;
  });
}

export async function updateDevice(db: Kysely<Database>, auth: Auth, id: number, body: DevicePatch): Promise<void> {
  const before = await db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
  // Deleted between the scope check and here.
  if (!before) throw itemNotFound();
  const floors = (await floorMaps(db, [id])).get(id) ?? [];
  const stored = storedSettings(before.settings, before.mqtt_password, floors);
  const settings = body.device_settings ? mergeDeviceSettings(stored, body.device_settings) : stored;
  const type = body.type ?? (before.type as DeviceCreate['type']);
  assertRules(type, settings);
  await assertIntegration(db, auth, body.device_settings?.integration_axxon?.integration_id);
  if (body.domain_id !== undefined && body.domain_id !== before.domain_id) await assertGroup(db, auth, body.domain_id);
  const address = internalAddressOf(settings.address);
  await db.transaction().execute(async (trx) => {
    if (body.serial_number !== undefined) await assertSerialFree(trx, body.serial_number, id);
    await assertAddressFree(trx, auth, address, id);
    if (body.sip_number_id !== undefined) await assertNumber(trx, auth, id, body.sip_number_id);
    const set = <K extends keyof DevicePatch>(key: K) => (body[key] !== undefined ? { [key]: body[key] } : {});
    await trx
      .updateTable('devices')
      .set({
        ...set('name'),
        ...set('description'),
        ...set('type'),
        ...set('model'),
        ...set('ip_address'),
        ...set('port'),
        ...set('serial_number'),
        ...set('device_login'),
        ...set('protocol'),
        ...set('domain_id'),
        ...set('location_latitude'),
        ...set('location_longitude'),
        ...(body.get_logs !== undefined ? { get_logs: flag(body.get_logs) } : {}),
        ...(body.management?.heartbeat !== undefined ? { heartbeat: flag(body.management.heartbeat) } : {}),
        ...(body.management?.realtime_logging !== undefined
          ? { realtime_logging: flag(body.management.realtime_logging) }
          : {}),
        password: nextSecret(before.password, body.password),
        device_password: nextSecret(before.device_password, body.device_password),
        settings: settingsJson(settings),
        mqtt_password: settings.mqtt_password,
        internal_address: address,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (body.device_settings?.lift_controller?.floor_map) await writeFloors(trx, id, settings);
    if (body.sip_number_id !== undefined) await linkNumber(trx, id, body.sip_number_id);
  });
}

export async function deleteDevices(db: Kysely<Database>, ids: number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The alert's device links have no foreign key (the table came before devices).
    await trx.deleteFrom('emergency_alert_devices').where('device_id', 'in', ids).execute();
    const result = await trx.deleteFrom('devices').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

interface Added {
  serial_number: string;
  name?: string | null;
  type: DeviceCreate['type'];
  model: string;
  ip_address: string | null;
  port: number;
  protocol: DeviceCreate['protocol'];
}

/** Adds devices known by serial (found or pooled) to one group, with the defaults of section 9. */
async function addDevices(db: Kysely<Database>, auth: Auth, groupId: number, items: Added[]): Promise<number[]> {
  await assertGroup(db, auth, groupId);
  const errors: Record<string, FieldError> = {};
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.serial_number)) errors[`items.${i}.serial_number`] = { code: 'not_unique' };
    seen.add(item.serial_number);
  });
  return db.transaction().execute(async (trx) => {
    const taken = await takenSerials(trx, [...seen]);
    items.forEach((item, i) => {
      if (taken.has(item.serial_number)) errors[`items.${i}.serial_number`] = { code: 'not_unique' };
    });
    if (Object.keys(errors).length > 0) throw refused(ERROR_CODES.serialNumberInUse, { errors });
    const now = nowIso();
    const settings = settingsJson(defaultDeviceSettings());
    const rows = await trx
      .insertInto('devices')
      .values(
        items.map((item) => ({
          project_id: auth.projectId,
          name: item.name ?? item.serial_number,
          type: item.type,
          model: item.model,
          ip_address: item.ip_address,
          port: item.port,
          serial_number: item.serial_number,
          protocol: item.protocol,
          domain_id: groupId,
          token: newToken(),
          settings,
          created_by_user_id: auth.userId,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'serial_number'])
      .execute();
    // Added devices leave the pool.
    await trx
      .deleteFrom('device_pool')
      .where('project_id', '=', auth.projectId)
      .where('serial_number', 'in', [...seen])
      .execute();
    const bySerial = new Map(rows.map((r) => [r.serial_number, r.id]));
    return items.map((item) => Number(bySerial.get(item.serial_number)));
  });
}

/** PUT /devices/items/found: devices a network search found, chosen by the operator. */
export function putFound(db: Kysely<Database>, auth: Auth, body: PutFound): Promise<number[]> {
  return addDevices(db, auth, body.domain_id, body.items);
}

/** PUT /devices/from-pool: devices of the project's pool, by pool id. */
export async function addFromPool(db: Kysely<Database>, auth: Auth, body: FromPool): Promise<number[]> {
  const ids = [...new Set(body.items)];
  const pooled = await db
    .selectFrom('device_pool')
    .selectAll()
    .where('project_id', '=', auth.projectId)
    .where('id', 'in', ids)
    .execute();
  if (pooled.length !== ids.length) throw invalidRelated(['items']);
  const byId = new Map(pooled.map((p) => [p.id, p]));
  return addDevices(
    db,
    auth,
    body.domain_id,
    ids.map((id) => {
      const p = byId.get(id)!;
      return {
        serial_number: p.serial_number,
        type: p.type as Added['type'],
        model: p.model,
        ip_address: p.ip_address,
        port: Number(p.port),
        protocol: p.protocol as Added['protocol'],
      };
    }),
  );
}
