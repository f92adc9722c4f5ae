import { DEVICE_DEFAULTS, type DeviceType } from '../../contract/constants';
import {
  type Device,
  DeviceCreateSchema,
  DevicePatchSchema,
  type DeviceSettings,
  defaultDeviceSettings,
  deviceRuleErrors,
  type FloorMapEntry,
} from '../../contract/entities/device';
import type { FieldError } from '../../contract/errors';
import { blankToNull } from '../../contract/validation';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import { normaliseValue, passwordShown, type ValueKind } from '../../machines/entity-form/entity-form.normalise';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/**
 * The device page's form (section 3, 5, 7.4, 7.9). Inputs are flat: a settings
 * field is named by its path under `device_settings` (`sip.proxy_address`,
 * `lift_controller.settings.lift_release_time.card`), so server errors at
 * `device_settings.<path>` land on them; the floor map is one input holding its
 * rows as typed (`floor_map`, errors at `floor_map.<row>.<column>`).
 */

/** A floor map row as typed: numbers and lists are text until the save. */
export interface FloorRow {
  floor: string;
  name: string;
  is_public: boolean;
  is_panel_floor: boolean;
  /** Apartment numbers, comma separated. */
  apartments: string;
  /** Relay numbers, comma separated. */
  ports: string;
}

export type DeviceValues = FormValues & { type: DeviceType; floor_map: FloorRow[] };

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** Settings inputs and how each is sent (7.9), by path under `device_settings`. */
const SETTINGS_KINDS: Record<string, ValueKind> = {
  mqtt_password: 'password',
  'sip.manual': 'raw',
  'sip.enabled': 'raw',
  'sip.proxy_address': 'text',
  'sip.realm_address': 'text',
  'sip.stun_address': 'text',
  'sip.stun_port': 'integer',
  'sip.login': 'text',
  'sip.password': 'password',
  'sip.talk_timeout': 'integer',
  'sip.transport': 'raw',
  'sip.rtp_profile': 'text',
  'sip.use_address': 'raw',
  'address.manual': 'raw',
  'address.mode': 'text',
  'address.building': 'text',
  'address.unit': 'text',
  'address.device': 'text',
  'address.no_unit': 'raw',
  'address.floor': 'integer',
  'address.apartment': 'text',
  'address.sync': 'raw',
  'address.reregister': 'raw',
  'address.reregister_interval': 'integer',
  'network.is_dhcp': 'raw',
  'network.ip': 'text',
  'network.subnet': 'text',
  'network.gateway': 'text',
  'network.dns': 'text',
  ...Object.fromEntries(
    Array.from({ length: DEVICE_DEFAULTS.buttonNumbers }, (_, i) => [`additional.button_numbers.${i}`, 'raw']),
  ),
  'additional.alpr_camera_interaction': 'raw',
  'additional.remote_lock_opening': 'raw',
  'face_recognition.enabled': 'raw',
  'face_recognition.mode': 'text',
  'face_recognition.similarity': 'decimal',
  'face_recognition.autostart': 'raw',
  'lift_controller.enabled': 'raw',
  'lift_controller.settings.device_mode': 'text',
  'lift_controller.settings.relay_mode': 'text',
  'lift_controller.settings.invert_all_relays': 'raw',
  'lift_controller.settings.relay_open_time': 'integer',
  'lift_controller.settings.lift_release_time.card': 'integer',
  'lift_controller.settings.lift_release_time.api': 'integer',
  'alpr_camera.using': 'raw',
  'alpr_camera.allow_remote_opening_lock': 'raw',
  'integration_axxon.integration_id': 'integer',
  'integration_axxon.direction': 'text',
  'integration_axxon.macro_name': 'text',
  'integration_axxon.macro_guid': 'text',
  'integration_axxon.camera_name': 'text',
  'integration_axxon.camera_guid': 'text',
};

const KINDS: Record<string, ValueKind> = {
  name: 'requiredText',
  description: 'text',
  type: 'raw',
  model: 'requiredText',
  ip_address: 'text',
  port: 'port',
  serial_number: 'text',
  password: 'password',
  device_login: 'text',
  device_password: 'password',
  domain: 'raw',
  protocol: 'raw',
  get_logs: 'raw',
  'management.heartbeat': 'raw',
  'management.realtime_logging': 'raw',
  location_latitude: 'decimal',
  location_longitude: 'decimal',
  sip_number: 'raw',
  floor_map: 'raw',
  ...SETTINGS_KINDS,
};

/** Every leaf of the settings as an input value (text for numbers, booleans as they are). */
function settingsInputs(settings: DeviceSettings): FormValues {
  const out: FormValues = {};
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${path}.${i}`);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else if (path in SETTINGS_KINDS) {
      out[path] = typeof value === 'boolean' ? value : typeof value === 'number' ? String(value) : text(value as never);
    }
  };
  const { lift_controller, mqtt_password, sip, ...rest } = settings;
  walk({ ...rest, sip: { ...sip, password: null }, lift_controller: { ...lift_controller, floor_map: [] } }, '');
  // Stored secrets show as the placeholder (7.9); the item already masks them.
  out.mqtt_password = passwordShown(mqtt_password !== null);
  out['sip.password'] = passwordShown(sip.password !== null);
  // Shown beside the integration's id (read with the device, never sent).
  out['integration_axxon.integration_name'] = settings.integration_axxon.integration_name ?? '';
  return out;
}

const floorRow = (entry: FloorMapEntry): FloorRow => ({
  floor: String(entry.floor),
  name: text(entry.name),
  is_public: entry.is_public,
  is_panel_floor: entry.is_panel_floor,
  apartments: entry.apartments.join(', '),
  ports: entry.ports.join(', '),
});

/** A new, empty floor map row (the next floor up). */
export function newFloorRow(rows: readonly FloorRow[]): FloorRow {
  const floors = rows.map((r) => Number.parseInt(r.floor, 10)).filter((n) => Number.isFinite(n));
  return {
    floor: String(floors.length ? Math.max(...floors) + 1 : 1),
    name: '',
    is_public: false,
    is_panel_floor: false,
    apartments: '',
    ports: '',
  };
}

const list = (typed: string) =>
  typed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
/** A whole number, or NaN so the schema says "must be a number" on that cell. */
const whole = (typed: string) => (/^-?\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN);

/** The floor map as the save sends it. */
export function floorEntries(rows: readonly FloorRow[]): FloorMapEntry[] {
  return rows.map((row) => ({
    floor: whole(row.floor),
    name: blankToNull(row.name),
    is_public: row.is_public,
    is_panel_floor: row.is_panel_floor,
    apartments: list(row.apartments),
    ports: list(row.ports).map(whole),
  }));
}

/** Sets `value` at a dotted path of `into` (numeric parts of button numbers become array slots). */
function setPath(into: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let node = into;
  parts.slice(0, -1).forEach((part, i) => {
    const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
    node[part] ??= nextIsIndex ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
  node[parts.at(-1) as string] = value;
}

/** The settings sections as the save sends them, from normalised inputs. */
function nestSettings(body: Record<string, unknown>, floorMap: FloorMapEntry[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const path of Object.keys(SETTINGS_KINDS)) setPath(settings, path, body[path]);
  setPath(settings, 'lift_controller.floor_map', floorMap);
  return settings;
}

/** Whole settings from the inputs, for the rules of section 5 before a save. */
function settingsOf(values: DeviceValues): DeviceSettings {
  const body: Record<string, unknown> = {};
  for (const [path, kind] of Object.entries(SETTINGS_KINDS)) body[path] = normaliseValue(kind, values[path]);
  return nestSettings(body, floorEntries(values.floor_map)) as unknown as DeviceSettings;
}

/** The input that shows an error at a payload path. */
export function deviceFieldOf(path: string): string {
  const floor = /^device_settings\.lift_controller\.floor_map(?:\.(\d+)\.(\w+))?/.exec(path);
  if (floor) return floor[1] === undefined ? 'floor_map' : `floor_map.${floor[1]}.${floor[2]}`;
  if (path === 'device_settings.additional.button_numbers') return 'additional.button_numbers.0';
  if (path.startsWith('device_settings.')) return path.slice('device_settings.'.length);
  if (path.startsWith('management.')) return path;
  const [first = path] = path.split('.');
  return { domain_id: 'domain', sip_number_id: 'sip_number' }[first] ?? first;
}

/** The device form; `type` is the type a new device starts as. */
export function deviceForm(): EntityFormDefinition<DeviceValues, Device> {
  return {
    empty: () => ({
      name: '',
      description: '',
      type: DEVICE_DEFAULTS.type,
      model: DEVICE_DEFAULTS.model,
      ip_address: '',
      port: String(DEVICE_DEFAULTS.port),
      serial_number: '',
      password: '',
      device_login: '',
      device_password: '',
      domain: null,
      protocol: DEVICE_DEFAULTS.protocol,
      get_logs: false,
      'management.heartbeat': false,
      'management.realtime_logging': false,
      location_latitude: '',
      location_longitude: '',
      sip_number: null,
      ...settingsInputs(defaultDeviceSettings()),
      floor_map: [],
    }),
    fromItem: (d) => ({
      name: d.name,
      description: text(d.description),
      type: d.type,
      model: d.model,
      ip_address: text(d.ip_address),
      port: String(d.port),
      serial_number: text(d.serial_number),
      password: passwordShown(d.password !== null),
      device_login: text(d.device_login),
      device_password: passwordShown(d.device_password !== null),
      domain: d.domain,
      protocol: d.protocol,
      get_logs: d.get_logs,
      'management.heartbeat': d.management.heartbeat,
      'management.realtime_logging': d.management.realtime_logging,
      location_latitude: numberText(d.location_latitude),
      location_longitude: numberText(d.location_longitude),
      sip_number: d.sip_number ? { id: d.sip_number.id, number: d.sip_number.number, name: null } : null,
      ...settingsInputs(d.device_settings),
      floor_map: d.device_settings.lift_controller.floor_map.map(floorRow),
    }),
    kinds: KINDS,
    finish: (body, _mode, values) => {
      const out: Record<string, unknown> = {
        name: body.name,
        description: body.description,
        type: body.type,
        model: body.model,
        ip_address: body.ip_address,
        port: body.port,
        serial_number: body.serial_number,
        device_login: body.device_login,
        domain_id: (body.domain as ListRow | null)?.id ?? null,
        protocol: body.protocol,
        get_logs: body.get_logs,
        management: { heartbeat: body['management.heartbeat'], realtime_logging: body['management.realtime_logging'] },
        location_latitude: body.location_latitude,
        location_longitude: body.location_longitude,
        sip_number_id: (body.sip_number as ListRow | null)?.id ?? null,
        device_settings: nestSettings(body, floorEntries(values.floor_map)),
      };
      // A stored secret left as it was is not sent (null keeps it, 7.9).
      if (body.password !== null) out.password = body.password;
      if (body.device_password !== null) out.device_password = body.device_password;
      return out;
    },
    schemas: { create: DeviceCreateSchema, patch: DevicePatchSchema },
    check: (values) => {
      const errors: Record<string, FieldError> = {};
      if (!values.domain) errors.domain = { code: 'required' };
      for (const [path, error] of Object.entries(deviceRuleErrors(values.type, settingsOf(values)))) {
        errors[deviceFieldOf(path)] ??= error;
      }
      return errors;
    },
    fieldOf: deviceFieldOf,
  };
}
