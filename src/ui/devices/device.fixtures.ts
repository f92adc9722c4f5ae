import { type Device, type DeviceListItem, defaultDeviceSettings } from '../../contract/entities/device';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { deviceForm } from './device-form';

const buildingA = { id: 2, name: 'Building A' };

const device = (overrides: Partial<Device> & Pick<Device, 'id' | 'name' | 'type' | 'model'>): Device => ({
  description: null,
  ip_address: null,
  port: 80,
  login: null,
  serial_number: null,
  password: null,
  device_login: null,
  device_password: null,
  domain_id: buildingA.id,
  domain: buildingA,
  access_rules: [],
  protocol: 'mqtt',
  get_logs: false,
  management: { heartbeat: true, realtime_logging: false },
  location_latitude: null,
  location_longitude: null,
  sip_number_id: null,
  sip_number: null,
  device_info: { status: 'offline', last_seen: null },
  device_settings: defaultDeviceSettings(),
  created_at: '2026-11-20T09:00:00.000Z',
  created_by_user: null,
  ...overrides,
});

const liftSettings = () => {
  const settings = defaultDeviceSettings();
  settings.lift_controller = {
    enabled: true,
    settings: { ...settings.lift_controller.settings, device_mode: 'call-up-down' },
    floor_map: [
      { floor: 0, name: 'Lobby', is_public: true, is_panel_floor: false, apartments: [], ports: [1] },
      { floor: 1, name: null, is_public: false, is_panel_floor: false, apartments: ['101', '102'], ports: [2] },
      { floor: 2, name: null, is_public: false, is_panel_floor: false, apartments: ['201', '202'], ports: [3] },
    ],
  };
  return settings;
};

/** The demo residence's devices: the entrance panel, two access controllers, the lift controller, the plate camera. */
export const sampleDevices: Device[] = [
  device({
    id: 1,
    name: 'Entrance panel',
    type: 'panel',
    model: 'AA12',
    ip_address: '127.0.1.1',
    serial_number: 'GH-DEMO-PANEL-A',
    login: 'GH-DEMO-PANEL-A',
    password: '********',
    device_info: { status: 'online', last_seen: '2026-11-25T07:40:00.000Z' },
    device_settings: {
      ...defaultDeviceSettings(),
      mqtt_password: '********',
      sip: { ...defaultDeviceSettings().sip, password: '********' },
    },
    sip_number_id: 6,
    sip_number: { id: 6, number: '100200' },
    location_latitude: 56.9712,
    location_longitude: 24.1603,
  }),
  device({
    id: 2,
    name: 'Main door controller',
    type: 'accesscontroller',
    model: 'AC02',
    ip_address: '127.0.1.2',
    serial_number: 'GH-DEMO-AC-1',
    device_info: { status: 'online', last_seen: '2026-11-25T06:10:00.000Z' },
  }),
  device({
    id: 3,
    name: 'Bike room controller',
    type: 'accesscontroller',
    model: 'AC02',
    serial_number: 'GH-DEMO-AC-2',
    device_info: { status: 'offline', last_seen: '2026-11-24T22:15:00.000Z' },
  }),
  device({
    id: 4,
    name: 'Lift controller',
    type: 'liftcontroller',
    model: 'LC16',
    ip_address: '127.0.1.4',
    serial_number: 'GH-DEMO-LIFT-A',
    device_info: { status: 'online', last_seen: null },
    device_settings: liftSettings(),
  }),
  device({
    id: 5,
    name: 'Parking plate camera',
    type: 'ip_camera',
    model: 'PC01',
    serial_number: 'GH-DEMO-CAM-1',
    protocol: 'http',
  }),
];

/** A device as the list answers it. */
export const toListItem = (d: Device): DeviceListItem => ({
  id: d.id,
  name: d.name,
  type: d.type,
  model: d.model,
  ip_address: d.ip_address,
  port: d.port,
  serial_number: d.serial_number,
  protocol: d.protocol,
  domain: d.domain,
  device_info: d.device_info,
  created_at: d.created_at,
});

const rows = sampleDevices.map(toListItem) as unknown as ListRow[];
const form = deviceForm();

/** Snapshots of the devices list and page for stories and tests. */
export const deviceFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: rows, total: rows.length, lastPage: 1, defaultSort: ['name'] },
    ),
    empty: entityListSnapshot({ browsing: 'ready' }, { lastPage: 1, query: defaultListState() }),
    failed: entityListSnapshot(
      { browsing: 'failed' },
      { failure: { code: 'service not available', status: 503 }, query: defaultListState() },
    ),
  },
  form: {
    creating: entityFormSnapshot(form, 'editing'),
    panel: entityFormSnapshot(form, 'editing', { item: sampleDevices[0]! }),
    liftController: entityFormSnapshot(form, 'editing', { item: sampleDevices[3]! }),
    camera: entityFormSnapshot(form, 'editing', { item: sampleDevices[4]! }),
    /** Section 5 refused the floor map and the manual SIP settings. */
    withErrors: entityFormSnapshot(form, 'editing', {
      item: sampleDevices[3]!,
      values: {
        floor_map: [
          { floor: '0', name: 'Lobby', is_public: true, is_panel_floor: true, apartments: '', ports: '1' },
          { floor: '0', name: '', is_public: false, is_panel_floor: false, apartments: '101', ports: '40' },
        ],
      },
      errors: {
        'floor_map.0.is_panel_floor': { code: 'invalid' },
        'floor_map.1.floor': { code: 'not_unique' },
        'floor_map.1.ports': { code: 'range', params: { min: 1, max: 32 } },
      },
    }),
  },
};
