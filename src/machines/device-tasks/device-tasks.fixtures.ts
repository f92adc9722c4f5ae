import type { SnapshotFrom } from 'xstate';
import { type DeviceTasksContext, type DeviceTasksMachine, deviceTasksMachine } from './device-tasks.machine';

const snapshot = (value: string, context: DeviceTasksContext) => deviceTasksMachine.resolveState({ value, context });

/** One snapshot per state of `deviceTasks`, plus each kind of confirmation. */
export const deviceTasksFixtures = {
  idle: snapshot('idle', { request: null }),
  confirming: snapshot('confirming', { request: { kind: 'delete', items: [12] } }),
  confirmingRestartAll: snapshot('confirming', { request: { kind: 'restart', items: null } }),
  confirmingRestart: snapshot('confirming', { request: { kind: 'restart', items: [12] } }),
  confirmingReinit: snapshot('confirming', {
    request: { kind: 'reinit', devices: [{ id: 7, name: 'Entrance panel' }] },
  }),
  running: snapshot('running', { request: { kind: 'reinit', devices: [{ id: 7, name: 'Entrance panel' }] } }),
} satisfies Record<string, SnapshotFrom<DeviceTasksMachine>>;
