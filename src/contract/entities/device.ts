import * as v from 'valibot';
import {
  DEVICE_DEFAULTS,
  DEVICE_PROTOCOLS,
  DEVICE_SIP_PASSWORD_LENGTH,
  DEVICE_TYPES,
  type DeviceType,
  LIFT_DEVICE_MODES,
  NAME_LENGTH,
} from '../constants';
import { defineEntity } from '../entity';
import type { FieldError } from '../errors';
import { listAnswer } from '../filters';
import { IdSchema } from '../ids';
import { normaliseAddress } from '../ip-address';
import { blankToNull, parseDecimal } from '../validation';
import { DeviceSyncStateSchema } from './device-task';
import { SIP_PASSWORD_PATTERN } from './sip-number';

/**
 * Devices of section 3: door panels, monitors, access controllers, lift
 * controllers, number-plate cameras and barriers, each in one group. Rules of
 * section 5 (relays and floors in range, an integrator where the video
 * platform link is used, a unique internal subnetwork address, the device SIP
 * password) are in `deviceRuleErrors`, shared by the server and the form.
 */
const ref = v.object({ id: v.number(), name: v.string() });

/**
 * What the item answers for a stored secret (7.9: a placeholder in the form). A
 * write of null, of nothing or of this placeholder keeps the stored value.
 */
export const STORED_SECRET = '********';

export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const SIP_TRANSPORTS = ['UDP', 'TCP', 'TLS'] as const;

/** Relays of each type (decided, docs/decisions.md "Devices"): floor ports and lock numbers are 1..this. */
export const DEVICE_RELAYS: Record<DeviceType, number> = {
  panel: 2,
  monitor: 1,
  accesscontroller: 4,
  liftcontroller: 32,
  ip_camera: 1,
  barrier: 1,
};
/** Floors a lift controller and an address may name (decided): basements to tall towers. */
export const DEVICE_FLOOR_RANGE = { min: -10, max: 200 } as const;
/** Most floors one floor map holds; most apartments one floor lists. */
export const FLOOR_MAP_MAX = 256;
export const FLOOR_APARTMENTS_MAX = 64;
/** Most devices one put-found or from-pool call adds. */
export const DEVICES_ADDED_MAX = 256;

// ---- The item ----

export const FloorMapEntrySchema = v.object({
  floor: v.number(),
  name: v.nullable(v.string()),
  is_public: v.boolean(),
  is_panel_floor: v.boolean(),
  apartments: v.array(v.string()),
  ports: v.array(v.number()),
});
export type FloorMapEntry = v.InferOutput<typeof FloorMapEntrySchema>;

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/** The live status, and when the server last saw it change (null: never since it recorded changes). */
export const DeviceInfoSchema = v.object({
  status: v.picklist(DEVICE_STATUSES),
  last_seen: v.optional(v.nullable(v.string()), null),
});

export const DeviceSettingsSchema = v.object({
  /** STORED_SECRET when one is stored, else null. */
  mqtt_password: nullableString,
  sip: v.object({
    manual: v.boolean(),
    enabled: v.boolean(),
    proxy_address: nullableString,
    realm_address: nullableString,
    stun_address: nullableString,
    stun_port: nullableNumber,
    login: nullableString,
    /** STORED_SECRET when one is stored, else null. */
    password: nullableString,
    talk_timeout: v.number(),
    transport: v.picklist(SIP_TRANSPORTS),
    rtp_profile: nullableString,
    use_address: v.boolean(),
  }),
  address: v.object({
    manual: v.boolean(),
    mode: nullableString,
    building: nullableString,
    unit: nullableString,
    device: nullableString,
    no_unit: v.boolean(),
    floor: nullableNumber,
    apartment: nullableString,
    sync: v.boolean(),
    reregister: v.boolean(),
    reregister_interval: v.number(),
  }),
  network: v.object({
    is_dhcp: v.boolean(),
    ip: nullableString,
    subnet: nullableString,
    gateway: nullableString,
    dns: nullableString,
  }),
  additional: v.object({
    button_numbers: v.array(v.string()),
    alpr_camera_interaction: v.boolean(),
    remote_lock_opening: v.boolean(),
  }),
  face_recognition: v.object({
    enabled: v.boolean(),
    mode: nullableString,
    similarity: nullableNumber,
    autostart: v.boolean(),
  }),
  lift_controller: v.object({
    enabled: v.boolean(),
    settings: v.object({
      device_mode: v.nullable(v.picklist(LIFT_DEVICE_MODES)),
      relay_mode: nullableString,
      invert_all_relays: v.boolean(),
      relay_open_time: v.number(),
      lift_release_time: v.object({ card: nullableNumber, api: nullableNumber }),
    }),
    floor_map: v.array(FloorMapEntrySchema),
  }),
  alpr_camera: v.object({ using: v.boolean(), allow_remote_opening_lock: v.boolean() }),
  integration_axxon: v.object({
    /** The external video platform integration the link goes through (the "integrator" of section 5). */
    integration_id: nullableNumber,
    /** The integration's name, read with the device (never stored with the settings). */
    integration_name: v.optional(nullableString, null),
    direction: nullableString,
    macro_name: nullableString,
    macro_guid: nullableString,
    camera_name: nullableString,
    camera_guid: nullableString,
  }),
});
export type DeviceSettings = v.InferOutput<typeof DeviceSettingsSchema>;

export const DeviceSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: nullableString,
  type: v.picklist(DEVICE_TYPES),
  model: v.string(),
  ip_address: nullableString,
  port: v.number(),
  /** The device's login: its serial number (section 3 "login / serial_number"). */
  login: nullableString,
  serial_number: nullableString,
  /** STORED_SECRET when one is stored, else null. */
  password: nullableString,
  device_login: nullableString,
  /** STORED_SECRET when one is stored, else null. */
  device_password: nullableString,
  domain_id: v.nullable(v.number()),
  domain: v.nullable(ref),
  /** Access rules naming the device (answered empty until access rules land). */
  access_rules: v.array(ref),
  protocol: v.picklist(DEVICE_PROTOCOLS),
  get_logs: v.boolean(),
  management: v.object({ heartbeat: v.boolean(), realtime_logging: v.boolean() }),
  location_latitude: nullableNumber,
  location_longitude: nullableNumber,
  /** The device's virtual number (a number whose holder is this device). */
  sip_number_id: v.nullable(v.number()),
  sip_number: v.nullable(v.object({ id: v.number(), number: v.string() })),
  device_info: DeviceInfoSchema,
  /** Whether the device holds what the server wants (device tasks); absent where not computed. */
  sync: v.optional(DeviceSyncStateSchema),
  device_settings: DeviceSettingsSchema,
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type Device = v.InferOutput<typeof DeviceSchema>;

/** A row of the devices list and pickers: what the table shows, with the live status. */
export const DeviceListItemSchema = v.object({
  id: v.number(),
  name: v.string(),
  type: v.picklist(DEVICE_TYPES),
  model: v.string(),
  ip_address: nullableString,
  port: v.number(),
  serial_number: nullableString,
  protocol: v.picklist(DEVICE_PROTOCOLS),
  domain: v.nullable(ref),
  device_info: DeviceInfoSchema,
  /** Whether the device holds what the server wants (device tasks); absent where not computed. */
  sync: v.optional(DeviceSyncStateSchema),
  created_at: v.string(),
});
export type DeviceListItem = v.InferOutput<typeof DeviceListItemSchema>;

/** The settings of a new device: section 9's defaults. */
export function defaultDeviceSettings(): DeviceSettings {
  return {
    mqtt_password: null,
    sip: {
      manual: false,
      enabled: true,
      proxy_address: null,
      realm_address: null,
      stun_address: null,
      stun_port: null,
      login: null,
      password: null,
      talk_timeout: DEVICE_DEFAULTS.talkTimeout,
      transport: DEVICE_DEFAULTS.transport,
      rtp_profile: null,
      use_address: false,
    },
    address: {
      manual: false,
      mode: null,
      building: null,
      unit: null,
      device: null,
      no_unit: false,
      floor: null,
      apartment: null,
      sync: false,
      reregister: false,
      reregister_interval: DEVICE_DEFAULTS.reregisterInterval,
    },
    network: { is_dhcp: true, ip: null, subnet: null, gateway: null, dns: null },
    additional: {
      button_numbers: Array.from({ length: DEVICE_DEFAULTS.buttonNumbers }, () => ''),
      alpr_camera_interaction: false,
      remote_lock_opening: false,
    },
    face_recognition: { enabled: false, mode: null, similarity: null, autostart: false },
    lift_controller: {
      enabled: false,
      settings: {
        device_mode: null,
        relay_mode: null,
        invert_all_relays: false,
        relay_open_time: DEVICE_DEFAULTS.relayOpenTime,
        lift_release_time: { card: null, api: null },
      },
      floor_map: [],
    },
    alpr_camera: { using: false, allow_remote_opening_lock: false },
    integration_axxon: {
      integration_id: null,
      integration_name: null,
      direction: null,
      macro_name: null,
      macro_guid: null,
      camera_name: null,
      camera_guid: null,
    },
  };
}

// ---- What a save sends ----

/** Optional text: blank (7.9) becomes null, other text is trimmed and bounded. */
const text = (max: number) =>
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(max),
      v.transform((s) => blankToNull(s)),
    ),
  );
const int = (min: number, max: number) => v.pipe(v.number(), v.safeInteger(), v.minValue(min), v.maxValue(max));
const nullableInt = (min: number, max: number) => v.nullable(int(min, max));
/** An IP address, or blank. */
const ip = v.nullable(
  v.pipe(
    v.string(),
    v.maxLength(64),
    v.transform((s) => blankToNull(s)),
    v.check((s) => s === null || normaliseAddress(s) !== null, 'ip'),
  ),
);
/** A secret: null or the placeholder keeps the stored one (7.9). */
const secret = (max: number) => v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(max)));
/** Section 5 and 9: the device SIP password, digits and both cases of Latin letters, 6 to 31 characters. */
const sipPassword = v.nullable(
  v.union(
    [
      v.literal(STORED_SECRET),
      v.pipe(
        v.string(),
        v.minLength(DEVICE_SIP_PASSWORD_LENGTH.min),
        v.maxLength(DEVICE_SIP_PASSWORD_LENGTH.max),
        v.regex(SIP_PASSWORD_PATTERN, 'sip_password'),
      ),
    ],
    'sip_password',
  ),
);
/** A coordinate: a number, or text with a comma or dot as decimal separator (7.9). */
const coordinate = (limit: number) =>
  v.nullable(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.maxLength(32))], 'number'),
      v.transform((x) => (typeof x === 'number' ? x : x.trim() === '' ? null : parseDecimal(x))),
      v.check((x) => x === null || (Number.isFinite(x) && Math.abs(x) <= limit), 'number'),
    ),
  );

export const FloorMapEntryInputSchema = v.object({
  floor: int(DEVICE_FLOOR_RANGE.min, DEVICE_FLOOR_RANGE.max),
  name: v.optional(text(NAME_LENGTH.max * 2), null),
  is_public: v.optional(v.boolean(), false),
  is_panel_floor: v.optional(v.boolean(), false),
  apartments: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(16))), v.maxLength(FLOOR_APARTMENTS_MAX)),
    [],
  ),
  ports: v.optional(v.pipe(v.array(int(0, 1_000)), v.maxLength(64)), []),
});

/** Each settings section: any of its fields; a save merges what it sends over what is stored. */
export const DeviceSettingsInputSchema = v.partial(
  v.object({
    mqtt_password: secret(128),
    sip: v.partial(
      v.object({
        manual: v.boolean(),
        enabled: v.boolean(),
        proxy_address: text(255),
        realm_address: text(255),
        stun_address: text(255),
        stun_port: nullableInt(1, 65_535),
        login: text(64),
        password: sipPassword,
        talk_timeout: int(1, 3_600),
        transport: v.picklist(SIP_TRANSPORTS),
        rtp_profile: text(32),
        use_address: v.boolean(),
      }),
    ),
    address: v.partial(
      v.object({
        manual: v.boolean(),
        mode: text(32),
        building: text(16),
        unit: text(16),
        device: text(16),
        no_unit: v.boolean(),
        floor: nullableInt(DEVICE_FLOOR_RANGE.min, DEVICE_FLOOR_RANGE.max),
        apartment: text(16),
        sync: v.boolean(),
        reregister: v.boolean(),
        reregister_interval: int(1, 86_400),
      }),
    ),
    network: v.partial(v.object({ is_dhcp: v.boolean(), ip, subnet: ip, gateway: ip, dns: ip })),
    additional: v.partial(
      v.object({
        /** Four call button numbers (section 3, 9). */
        button_numbers: v.pipe(
          v.array(v.pipe(v.string(), v.trim(), v.maxLength(16))),
          v.length(DEVICE_DEFAULTS.buttonNumbers),
        ),
        alpr_camera_interaction: v.boolean(),
        remote_lock_opening: v.boolean(),
      }),
    ),
    face_recognition: v.partial(
      v.object({
        enabled: v.boolean(),
        mode: text(32),
        similarity: v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
        autostart: v.boolean(),
      }),
    ),
    lift_controller: v.partial(
      v.object({
        enabled: v.boolean(),
        settings: v.partial(
          v.object({
            device_mode: v.nullable(v.picklist(LIFT_DEVICE_MODES)),
            relay_mode: text(32),
            invert_all_relays: v.boolean(),
            relay_open_time: int(1, 600),
            lift_release_time: v.partial(v.object({ card: nullableInt(0, 3_600), api: nullableInt(0, 3_600) })),
          }),
        ),
        floor_map: v.pipe(v.array(FloorMapEntryInputSchema), v.maxLength(FLOOR_MAP_MAX)),
      }),
    ),
    alpr_camera: v.partial(v.object({ using: v.boolean(), allow_remote_opening_lock: v.boolean() })),
    integration_axxon: v.partial(
      v.object({
        integration_id: v.nullable(IdSchema),
        direction: text(32),
        macro_name: text(255),
        macro_guid: text(64),
        camera_name: text(255),
        camera_guid: text(255),
      }),
    ),
  }),
);
export type DeviceSettingsInput = v.InferOutput<typeof DeviceSettingsInputSchema>;

const SERIAL_PATTERN = /^[A-Za-z0-9._:-]+$/;
const MODEL_PATTERN = /^[A-Za-z0-9._-]+$/;

const entries = {
  name: v.pipe(v.string(), v.trim(), v.minLength(NAME_LENGTH.min), v.maxLength(NAME_LENGTH.max * 2)),
  description: v.optional(text(1_000), null),
  type: v.optional(v.picklist(DEVICE_TYPES), DEVICE_DEFAULTS.type),
  model: v.optional(
    v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(32), v.regex(MODEL_PATTERN, 'invalid')),
    DEVICE_DEFAULTS.model,
  ),
  ip_address: v.optional(ip, null),
  /** 7.9: the port is sent as a number. */
  port: v.optional(int(1, 65_535), DEVICE_DEFAULTS.port),
  /** The device's login (section 3 "login / serial_number"); unique on the server. */
  serial_number: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(64),
        v.transform((s) => blankToNull(s)),
        v.check((s) => s === null || SERIAL_PATTERN.test(s), 'invalid'),
      ),
    ),
    null,
  ),
  password: v.optional(secret(128), null),
  device_login: v.optional(text(64), null),
  device_password: v.optional(secret(128), null),
  /** Devices belong to a group. */
  domain_id: IdSchema,
  protocol: v.optional(v.picklist(DEVICE_PROTOCOLS), DEVICE_DEFAULTS.protocol),
  get_logs: v.optional(v.boolean(), false),
  management: v.optional(v.partial(v.object({ heartbeat: v.boolean(), realtime_logging: v.boolean() })), {}),
  location_latitude: v.optional(coordinate(90), null),
  location_longitude: v.optional(coordinate(180), null),
  /** A free virtual number of the project given to the device; null: none. */
  sip_number_id: v.optional(v.nullable(IdSchema), null),
  device_settings: v.optional(DeviceSettingsInputSchema, {}),
};

export const DeviceCreateSchema = v.object(entries);
export type DeviceCreate = v.InferOutput<typeof DeviceCreateSchema>;
/** A patch sends what changed; a settings section merges over the stored one. */
export const DevicePatchSchema = v.partial(
  v.object({
    ...entries,
    description: entries.description.wrapped,
    type: v.picklist(DEVICE_TYPES),
    model: entries.model.wrapped,
    ip_address: ip,
    port: int(1, 65_535),
    serial_number: entries.serial_number.wrapped,
    password: secret(128),
    device_login: text(64),
    device_password: secret(128),
    protocol: v.picklist(DEVICE_PROTOCOLS),
    get_logs: v.boolean(),
    management: entries.management.wrapped,
    location_latitude: coordinate(90),
    location_longitude: coordinate(180),
    sip_number_id: v.nullable(IdSchema),
    device_settings: DeviceSettingsInputSchema,
  }),
);
export type DevicePatch = v.InferOutput<typeof DevicePatchSchema>;

/** A stored secret after a write: kept on null or the placeholder, else the new value. */
export function nextSecret(stored: string | null, sent: string | null | undefined): string | null {
  return sent === undefined || sent === null || sent === STORED_SECRET ? stored : sent;
}

/** Settings after a save: each section sent merges over the stored one (the floor map is replaced whole). */
export function mergeDeviceSettings(stored: DeviceSettings, sent: DeviceSettingsInput): DeviceSettings {
  const lift = sent.lift_controller;
  return {
    mqtt_password: nextSecret(stored.mqtt_password, sent.mqtt_password),
    sip: { ...stored.sip, ...sent.sip, password: nextSecret(stored.sip.password, sent.sip?.password) },
    address: { ...stored.address, ...sent.address },
    network: { ...stored.network, ...sent.network },
    additional: { ...stored.additional, ...sent.additional },
    face_recognition: { ...stored.face_recognition, ...sent.face_recognition },
    lift_controller: {
      enabled: lift?.enabled ?? stored.lift_controller.enabled,
      settings: {
        ...stored.lift_controller.settings,
        ...lift?.settings,
        lift_release_time: {
          ...stored.lift_controller.settings.lift_release_time,
          ...lift?.settings?.lift_release_time,
        },
      },
      floor_map: lift?.floor_map
        ? lift.floor_map.map((f) => ({ ...f, name: f.name ?? null }))
        : stored.lift_controller.floor_map,
    },
    alpr_camera: { ...stored.alpr_camera, ...sent.alpr_camera },
    integration_axxon: { ...stored.integration_axxon, ...sent.integration_axxon },
  };
}

/**
 * Section 5 rules between fields of a device's settings, as field errors (empty: none):
 * floors and relays in range and floors once each; a floor is not both public and the
 * panel's floor, and the panel's floor lists no apartments; an enabled lift controller
 * names its mode; the video platform link names its integrator; manual SIP names its
 * login and proxy.
 */
export function deviceRuleErrors(type: DeviceType, settings: DeviceSettings): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const at = (path: string) => `device_settings.${path}`;
  const relays = DEVICE_RELAYS[type];
  const seen = new Set<number>();
  settings.lift_controller.floor_map.forEach((entry, i) => {
    const path = `lift_controller.floor_map.${i}`;
    if (seen.has(entry.floor)) errors[at(`${path}.floor`)] = { code: 'not_unique' };
    seen.add(entry.floor);
    entry.ports.forEach((port, j) => {
      if (port < 1 || port > relays)
        errors[at(`${path}.ports.${j}`)] = { code: 'range', params: { min: 1, max: relays } };
    });
    if (entry.is_public && entry.is_panel_floor) errors[at(`${path}.is_panel_floor`)] = { code: 'invalid' };
    if (entry.is_panel_floor && entry.apartments.length > 0) errors[at(`${path}.apartments`)] = { code: 'invalid' };
  });
  if (settings.lift_controller.enabled && settings.lift_controller.settings.device_mode === null) {
    errors[at('lift_controller.settings.device_mode')] = { code: 'required' };
  }
  const axxon = settings.integration_axxon;
  const linked = [axxon.direction, axxon.macro_name, axxon.macro_guid, axxon.camera_name, axxon.camera_guid].some(
    (x) => x !== null,
  );
  if (linked && axxon.integration_id === null) errors[at('integration_axxon.integration_id')] = { code: 'required' };
  if (settings.sip.manual && settings.sip.enabled) {
    if (settings.sip.login === null) errors[at('sip.login')] = { code: 'required' };
    if (settings.sip.proxy_address === null) errors[at('sip.proxy_address')] = { code: 'required' };
  }
  return errors;
}

/** The internal subnetwork address of the address settings; null when the device has no number in it. */
export function internalAddressOf(address: DeviceSettings['address']): string | null {
  if (address.device === null) return null;
  return [address.building, address.no_unit ? null : address.unit, address.floor, address.apartment, address.device]
    .map((part) => (part === null ? '' : String(part).toLowerCase()))
    .join('/');
}

export const devicesEntity = defineEntity({
  name: 'devices',
  path: '/devices',
  access: {
    view: ['devices.view', 'devices.view_descendants', 'devices.view_all', 'self_domain.manage_devices'],
    create: ['devices.create', 'self_domain.manage_devices'],
    edit: ['devices.edit', 'self_domain.manage_devices'],
    delete: ['devices.delete', 'self_domain.manage_devices'],
  },
  item: DeviceSchema,
  listItem: DeviceListItemSchema,
  create: DeviceCreateSchema,
  patch: DevicePatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    model: { kind: 'text', sortable: true, filterable: true },
    ip_address: { kind: 'text', sortable: true, filterable: true },
    serial_number: { kind: 'text', sortable: true, filterable: true },
    protocol: { kind: 'enum', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    /** The device's group. */
    domain: { kind: 'relation', filterable: true },
    /** Live (online, offline): computed from the device link, not a column. */
    status: { kind: 'enum', filterable: true },
  },
  search: ['name', 'serial_number', 'ip_address'],
  with: [],
  defaultSort: ['name'],
});

export const DeviceListSchema = listAnswer(DeviceListItemSchema);

// ---- Adding found and pooled devices ----

/** A device of the pool (`GET /devices/raw/items`): announced to the project, not added yet. */
export const RawDeviceSchema = v.object({
  id: v.number(),
  serial_number: v.string(),
  type: v.picklist(DEVICE_TYPES),
  model: v.string(),
  ip_address: nullableString,
  port: v.number(),
  protocol: v.picklist(DEVICE_PROTOCOLS),
  created_at: v.string(),
});
export type RawDevice = v.InferOutput<typeof RawDeviceSchema>;

export const rawDevicesEntity = defineEntity({
  name: 'raw_devices',
  path: '/devices/raw',
  listOnly: true,
  access: { view: ['devices.create', 'self_domain.manage_devices'] },
  item: RawDeviceSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    serial_number: { kind: 'text', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    model: { kind: 'text', sortable: true, filterable: true },
    ip_address: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['serial_number', 'ip_address', 'model'],
  with: [],
  defaultSort: ['serial_number'],
});

/** One device a network search found (PUT /devices/items/found). */
export const FoundDeviceSchema = v.object({
  serial_number: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64), v.regex(SERIAL_PATTERN, 'invalid')),
  name: v.optional(v.nullable(entries.name)),
  type: entries.type,
  model: entries.model,
  ip_address: v.optional(ip, null),
  port: entries.port,
  protocol: entries.protocol,
});

/** PUT /devices/items/found: the chosen devices of a network search, into one group. */
export const PutFoundSchema = v.object({
  domain_id: IdSchema,
  items: v.pipe(v.array(FoundDeviceSchema), v.minLength(1), v.maxLength(DEVICES_ADDED_MAX)),
});
export type PutFound = v.InferOutput<typeof PutFoundSchema>;

/** PUT /devices/from-pool: devices of the pool, by pool id, into one group. */
export const FromPoolSchema = v.object({
  domain_id: IdSchema,
  items: v.pipe(v.array(IdSchema), v.minLength(1), v.maxLength(DEVICES_ADDED_MAX)),
});
export type FromPool = v.InferOutput<typeof FromPoolSchema>;

/** The ids of the devices added, in the order sent. */
export const DevicesAddedSchema = v.object({ data: v.array(v.number()) });
