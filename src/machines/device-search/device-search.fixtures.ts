import type { SnapshotFrom } from 'xstate';
import type { FoundDeviceInfo } from '../../contract/device-search';
import { type DeviceSearchContext, type DeviceSearchMachine, deviceSearchMachine } from './device-search.machine';

const device = (serial: string, ip: string, extra: Partial<FoundDeviceInfo> = {}): FoundDeviceInfo => ({
  serial_number: serial,
  type: 'panel',
  model: 'AA12',
  firmware: 'sim-1.0',
  mac: '02:47:00:00:00:01',
  protocol: 'mqtt',
  ip,
  port: 80,
  state: 'new',
  device_id: null,
  ...extra,
});

/** Sample devices a search finds: two new, one the project has already. */
export const sampleFound: FoundDeviceInfo[] = [
  device('GH-DEMO-NEW-PANEL', '127.0.2.1'),
  device('GH-DEMO-NEW-AC', '127.0.2.2', { type: 'accesscontroller', model: 'AC02' }),
  device('GH-DEMO-PANEL-A', '127.0.2.7', { state: 'added', device_id: 1 }),
];

const base: DeviceSearchContext = {
  start_ip: '127.0.2.1',
  end_ip: '127.0.2.20',
  errors: {},
  tab: 'story',
  searches: 1,
  addresses: 20,
  found: sampleFound,
  chosen: ['GH-DEMO-NEW-PANEL'],
  domainId: 3,
  added: [],
};

const snapshot = (
  value: Parameters<typeof deviceSearchMachine.resolveState>[0]['value'],
  context: Partial<DeviceSearchContext> = {},
) => deviceSearchMachine.resolveState({ value, context: { ...base, ...context } });

/** One snapshot per state of `deviceSearch`. */
export const deviceSearchFixtures = {
  editing: snapshot('editing', { searches: 0, found: [], chosen: [], domainId: null, addresses: 0 }),
  starting: snapshot({ searching: 'starting' }, { found: [], chosen: [], domainId: null, addresses: 0 }),
  scanning: snapshot({ searching: 'scanning' }, { found: sampleFound.slice(0, 1), chosen: [], domainId: null }),
  results: snapshot('results'),
  adding: snapshot('adding'),
  added: snapshot('added', { added: [41] }),
} satisfies Record<string, SnapshotFrom<DeviceSearchMachine>>;
