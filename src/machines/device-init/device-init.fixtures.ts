import type { SnapshotFrom } from 'xstate';
import { type DeviceInitMachine, deviceInitMachine } from './device-init.machine';
import type { DeviceInitContext, FollowedTask } from './device-init.types';

const snapshot = (value: string | Record<string, string>, context: Partial<DeviceInitContext> = {}) =>
  deviceInitMachine.resolveState({ value, context: { ...base, ...context } });

const base: DeviceInitContext = {
  deviceId: 7,
  deviceName: 'Entrance panel',
  action: 'init',
  device: null,
  batchId: null,
  tasks: [],
  failure: null,
  deleted: null,
};

const online = { protocol: 'mqtt', status: 'online' } as const;
const task = (id: number, kind: FollowedTask['kind'], status: FollowedTask['status']): FollowedTask => ({
  id,
  kind,
  status,
  attempts: status === 'queued' || status === 'new' ? 0 : 1,
  max_attempts: 5,
  last_error: null,
});
const batchId = 'b-7f3a';
/** An init batch halfway: init done, settings on the device, the lists still queued. */
const halfway = [
  task(41, 'init', 'completed'),
  task(42, 'settings.apply', 'started'),
  task(43, 'sync.identifiers', 'queued'),
  task(44, 'sync.schedules', 'queued'),
];
const finished = halfway.map((t) => ({ ...t, status: 'completed' as const, attempts: 1 }));

/** One snapshot per state of `deviceInit` (and the variants the dialog words differently). */
export const deviceInitFixtures = {
  checking: snapshot('checking'),
  refused: snapshot('refused', {
    device: { protocol: 'none', status: 'unknown' },
    failure: { code: 'protocol none, cannot init, restart queue or sync', task: null },
  }),
  confirming: snapshot('confirming', { device: online }),
  confirmingOffline: snapshot('confirming', { device: { protocol: 'mqtt', status: 'offline' } }),
  confirmingSettings: snapshot('confirming', { device: online, action: 'settings.apply' }),
  sending: snapshot('sending', { device: online }),
  followingWatching: snapshot({ following: 'watching' }, { device: online, batchId, tasks: halfway }),
  followingWaiting: snapshot(
    { following: 'watching' },
    {
      device: { protocol: 'mqtt', status: 'offline' },
      batchId,
      tasks: halfway.map((t) => ({ ...t, status: 'waiting' as const, attempts: 0 })),
    },
  ),
  followingReading: snapshot({ following: 'reading' }, { device: online, batchId, tasks: halfway }),
  cancelling: snapshot('cancelling', { device: online, batchId, tasks: halfway }),
  cancelled: snapshot('cancelled', { device: online, batchId, tasks: halfway, deleted: 2 }),
  done: snapshot('done', { device: online, batchId, tasks: finished }),
  failed: snapshot('failed', {
    device: online,
    batchId,
    tasks: [
      task(41, 'init', 'completed'),
      {
        ...task(42, 'settings.apply', 'error'),
        attempts: 5,
        last_error: { code: 'relay_out_of_range', message: 'relay 3 of 2' },
      },
      task(43, 'sync.identifiers', 'queued'),
      task(44, 'sync.schedules', 'queued'),
    ],
    failure: {
      code: 'relay_out_of_range',
      message: 'relay 3 of 2',
      task: { id: 42, kind: 'settings.apply' },
    },
  }),
  failedCall: snapshot('failed', {
    device: online,
    failure: { code: 'device offline, cannot connect', task: null },
  }),
} satisfies Record<string, SnapshotFrom<DeviceInitMachine>>;
