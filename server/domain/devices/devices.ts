import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import {
  type Device,
  type DeviceListItem,
  type DeviceSettings,
  defaultDeviceSettings,
  type FloorMapEntry,
  STORED_SECRET,
} from '../../../src/contract/entities/device';
import type { Filter } from '../../../src/contract/filters';
import { hasPermission, type Permission } from '../../../src/contract/permissions';
import { type DialectName, inJsonArray } from '../../db/dialects';
import type { RowOf } from '../../db/rows';
import type { Database } from '../../db/schema';
import type { Auth } from '../auth/auth-context';
import { wrongParameters } from '../errors';
import { type DeviceStatusSource, statusOfDevice } from './status';

/**
 * Devices (section 3, 6.2). Scopes, in SQL: devices.view_all → every device of
 * the project; devices.view_descendants → devices of the caller's groups and the
 * groups below them; devices.view (or self_domain.manage_devices) → devices of
 * the caller's groups; and always the devices the caller created (6.1). Edits and
 * deletes reach the same rows. The groups a caller may put a device in follow the
 * same reach (`groupReach`).
 */
const can = (auth: Auth, p: Permission) => hasPermission(auth.role.permissions, p);

export function scopedDevices(db: Kysely<Database>, auth: Auth) {
  let q = db.selectFrom('devices as d').where('d.project_id', '=', auth.projectId);
  if (!can(auth, 'devices.view_all')) q = q.where(deviceViewScope(auth));
  return q;
}

/** The caller's groups of the project (id and nested-set bounds). */
const myGroups = (auth: Auth) => sql`select m.id, m.lft, m.rgt from user_domains mud
  inner join domains m on m.id = mud.domain_id where mud.user_id = ${auth.userId} and m.project_id = ${auth.projectId}`;

export function deviceViewScope(auth: Auth): Expression<SqlBool> {
  const created = sql<SqlBool>`d.created_by_user_id = ${auth.userId}`;
  const reach = groupReach(auth, 'd.domain_id');
  return reach ? sql<SqlBool>`(${reach} or ${created})` : created;
}

/**
 * Whether the group in `column` is one the caller reaches with devices (null: none but
 * their own creations): the caller's groups, and those below with view_descendants.
 */
export function groupReach(auth: Auth, column: string): Expression<SqlBool> | null {
  if (can(auth, 'devices.view_descendants')) {
    return sql<SqlBool>`exists (select 1 from domains g inner join (${myGroups(auth)}) mg
      on g.lft >= mg.lft and g.rgt <= mg.rgt where g.id = ${sql.ref(column)})`;
  }
  if (can(auth, 'devices.view') || can(auth, 'self_domain.manage_devices')) return ownGroup(auth, column);
  return null;
}

/** Whether the group in `column` is one of the caller's own. */
export const ownGroup = (auth: Auth, column: string): Expression<SqlBool> =>
  sql<SqlBool>`exists (select 1 from (${myGroups(auth)}) mg where mg.id = ${sql.ref(column)})`;

export const DEVICE_COLUMNS = {
  id: 'd.id',
  name: 'd.name',
  type: 'd.type',
  model: 'd.model',
  ip_address: 'd.ip_address',
  serial_number: 'd.serial_number',
  protocol: 'd.protocol',
  created_at: 'd.created_at',
} as const;

export const DEVICE_RELATIONS = {
  domain: (rule: 'has' | 'is', ids: number[] | 'null' | 'not_null'): Expression<SqlBool> => {
    if (rule === 'has') return sql<SqlBool>`d.domain_id in (${sql.join(ids as number[])})`;
    return ids === 'null' ? sql<SqlBool>`d.domain_id is null` : sql<SqlBool>`d.domain_id is not null`;
  },
};

/**
 * The computed `status` filter: online devices are those whose serial the device link
 * reports online; every other device is offline (unknown counts as not online).
 */
export function statusCondition(dialect: DialectName, source: () => DeviceStatusSource) {
  return (f: Filter): Expression<SqlBool> => {
    if (f.rule === 'is') return f.value === 'not_null' ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`;
    if (f.value !== 'online' && f.value !== 'offline' && f.value !== 'unknown') {
      throw wrongParameters({ filters: { code: 'invalid' } });
    }
    const online = inJsonArray(dialect, 'd.serial_number', [...source().onlineSerials()]);
    const wantOnline = (f.value === 'online') === (f.rule === 'equals');
    return wantOnline ? online : sql<SqlBool>`(d.serial_number is null or not ${online})`;
  };
}

export function selectDevices(q: ReturnType<typeof scopedDevices>) {
  return q
    .leftJoin('domains as g', 'g.id', 'd.domain_id')
    .leftJoin('users as author', 'author.id', 'd.created_by_user_id')
    .select([
      'd.id',
      'd.name',
      'd.description',
      'd.type',
      'd.model',
      'd.ip_address',
      'd.port',
      'd.serial_number',
      'd.password',
      'd.device_login',
      'd.device_password',
      'd.protocol',
      'd.domain_id',
      'g.name as domain_name',
      'd.settings',
      'd.get_logs',
      'd.heartbeat',
      'd.realtime_logging',
      'd.location_latitude',
      'd.location_longitude',
      'd.mqtt_password',
      'd.info',
      'd.created_at',
      'author.id as author_id',
      'author.name as author_name',
      sql<number | null>`(select min(sn.id) from sip_numbers sn where sn.device_id = d.id)`.as('sip_number_id'),
    ]);
}
export type DeviceRow = RowOf<ReturnType<typeof selectDevices>>;

export function selectDeviceRows(q: ReturnType<typeof scopedDevices>) {
  return q
    .leftJoin('domains as g', 'g.id', 'd.domain_id')
    .select([
      'd.id',
      'd.name',
      'd.type',
      'd.model',
      'd.ip_address',
      'd.port',
      'd.serial_number',
      'd.protocol',
      'd.domain_id',
      'g.name as domain_name',
      'd.created_at',
      'd.info',
    ]);
}
export type DeviceListRow = RowOf<ReturnType<typeof selectDeviceRows>>;

const ref = (id: number | null, name: string | null) => (id === null ? null : { id: Number(id), name: name ?? '' });
const masked = (secret: string | null) => (secret === null || secret === '' ? null : STORED_SECRET);

export function toDeviceListItems(source: DeviceStatusSource, rows: DeviceListRow[]): DeviceListItem[] {
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    type: r.type as DeviceListItem['type'],
    model: r.model,
    ip_address: r.ip_address,
    port: Number(r.port),
    serial_number: r.serial_number,
    protocol: r.protocol as DeviceListItem['protocol'],
    domain: ref(r.domain_id, r.domain_name),
    device_info: { status: statusOfDevice(source, r.serial_number), last_seen: lastSeenOf(r.info) },
    created_at: r.created_at,
  }));
}

/** When presence.ts last recorded a change of status (the row's `info` JSON), else null. */
function lastSeenOf(info: string | null): string | null {
  try {
    const value = JSON.parse(info ?? '{}') as { last_seen?: unknown };
    return typeof value?.last_seen === 'string' ? value.last_seen : null;
  } catch {
    return null;
  }
}

/** Stored settings as written (secrets in clear, no floor map), over today's defaults. */
export function storedSettings(json: string, mqttPassword: string | null, floors: FloorMapEntry[]): DeviceSettings {
  const defaults = defaultDeviceSettings();
  let stored: Partial<DeviceSettings> = {};
  try {
    stored = JSON.parse(json) as Partial<DeviceSettings>;
  } catch {
    // A row written before settings existed reads as the defaults.
  }
  const section = <K extends keyof DeviceSettings>(key: K) =>
    ({ ...(defaults[key] as object), ...((stored[key] as object | undefined) ?? {}) }) as DeviceSettings[K];
  const lift = section('lift_controller');
  return {
    ...defaults,
    sip: section('sip'),
    address: section('address'),
    network: section('network'),
    additional: section('additional'),
    face_recognition: section('face_recognition'),
    alpr_camera: section('alpr_camera'),
    integration_axxon: section('integration_axxon'),
    lift_controller: {
      ...lift,
      settings: { ...defaults.lift_controller.settings, ...lift.settings },
      floor_map: floors,
    },
    mqtt_password: mqttPassword,
  };
}

/** The floor maps of these devices, by device id, floors in order. */
export async function floorMaps(db: Kysely<Database>, ids: number[]): Promise<Map<number, FloorMapEntry[]>> {
  const maps = new Map<number, FloorMapEntry[]>();
  if (ids.length === 0) return maps;
  const rows = await db
    .selectFrom('device_floors')
    .selectAll()
    .where('device_id', 'in', ids)
    .orderBy('device_id')
    .orderBy('floor')
    .execute();
  for (const r of rows) {
    const list = maps.get(r.device_id) ?? [];
    list.push({
      floor: Number(r.floor),
      name: r.name,
      is_public: Boolean(r.is_public),
      is_panel_floor: Boolean(r.is_panel_floor),
      apartments: JSON.parse(r.apartments) as string[],
      ports: JSON.parse(r.ports) as number[],
    });
    maps.set(r.device_id, list);
  }
  return maps;
}

export async function toDevices(
  db: Kysely<Database>,
  source: DeviceStatusSource,
  rows: DeviceRow[],
): Promise<Device[]> {
  const ids = rows.map((r) => Number(r.id));
  const floors = await floorMaps(db, ids);
  const numberIds = rows.map((r) => r.sip_number_id).filter((x): x is number => x !== null);
  const numbers = new Map(
    numberIds.length === 0
      ? []
      : (
          await db.selectFrom('sip_numbers').select(['id', 'number']).where('id', 'in', numberIds.map(Number)).execute()
        ).map((n) => [n.id, n.number]),
  );
  const settingsOf = new Map(
    rows.map((r) => [Number(r.id), storedSettings(r.settings, r.mqtt_password, floors.get(Number(r.id)) ?? [])]),
  );
  const integrationIds = [...settingsOf.values()]
    .map((s) => s.integration_axxon.integration_id)
    .filter((x): x is number => x !== null);
  const integrations = new Map(
    integrationIds.length === 0
      ? []
      : (
          await db
            .selectFrom('integrations')
            .select(['id', 'name'])
            .where('id', 'in', [...new Set(integrationIds)])
            .execute()
        ).map((i) => [Number(i.id), i.name]),
  );
  return rows.map((r) => {
    const settings = settingsOf.get(Number(r.id)) as DeviceSettings;
    const linkId = settings.integration_axxon.integration_id;
    const sipNumberId = r.sip_number_id === null ? null : Number(r.sip_number_id);
    return {
      id: Number(r.id),
      name: r.name,
      description: r.description,
      type: r.type as Device['type'],
      model: r.model,
      ip_address: r.ip_address,
      port: Number(r.port),
      login: r.serial_number,
      serial_number: r.serial_number,
      password: masked(r.password),
      device_login: r.device_login,
      device_password: masked(r.device_password),
      domain_id: r.domain_id,
      domain: ref(r.domain_id, r.domain_name),
      access_rules: [],
      protocol: r.protocol as Device['protocol'],
      get_logs: Boolean(r.get_logs),
      management: { heartbeat: Boolean(r.heartbeat), realtime_logging: Boolean(r.realtime_logging) },
      location_latitude: r.location_latitude === null ? null : Number(r.location_latitude),
      location_longitude: r.location_longitude === null ? null : Number(r.location_longitude),
      sip_number_id: sipNumberId,
      sip_number: sipNumberId === null ? null : { id: sipNumberId, number: numbers.get(sipNumberId) ?? '' },
      device_info: { status: statusOfDevice(source, r.serial_number), last_seen: lastSeenOf(r.info) },
      device_settings: {
        ...settings,
        mqtt_password: masked(settings.mqtt_password),
        sip: { ...settings.sip, password: masked(settings.sip.password) },
        integration_axxon: {
          ...settings.integration_axxon,
          integration_name: linkId === null ? null : (integrations.get(linkId) ?? null),
        },
      },
      created_at: r.created_at,
      created_by_user: ref(r.author_id, r.author_name),
    };
  });
}

// ---- The pool ----

/** The project's pool: devices announced to it and not added yet (seen by whoever may add devices). */
export function scopedPool(db: Kysely<Database>, auth: Auth) {
  return db.selectFrom('device_pool as p').where('p.project_id', '=', auth.projectId);
}

export const POOL_COLUMNS = {
  id: 'p.id',
  serial_number: 'p.serial_number',
  type: 'p.type',
  model: 'p.model',
  ip_address: 'p.ip_address',
  created_at: 'p.created_at',
} as const;

export const selectPool = (q: ReturnType<typeof scopedPool>) =>
  q.select(['p.id', 'p.serial_number', 'p.type', 'p.model', 'p.ip_address', 'p.port', 'p.protocol', 'p.created_at']);
