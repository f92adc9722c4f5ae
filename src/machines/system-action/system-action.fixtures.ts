import type { SnapshotFrom } from 'xstate';
import { type SystemActionContext, type SystemActionMachine, systemActionMachine } from './system-action.machine';

const snapshot = (value: string, context: SystemActionContext) => systemActionMachine.resolveState({ value, context });

/** One snapshot per state, plus the confirmations of a queue clear and of the metrics reset. */
export const systemActionFixtures = {
  idle: snapshot('idle', { action: null }),
  confirming: snapshot('confirming', { action: { kind: 'worker', verb: 'stop', name: 'device-tasks' } }),
  confirmingClear: snapshot('confirming', {
    action: { kind: 'queue', verb: 'clear', queue: 'device_tasks', status: 'completed' },
  }),
  confirmingReset: snapshot('confirming', { action: { kind: 'metrics', verb: 'reset' } }),
  acting: snapshot('acting', { action: { kind: 'worker', verb: 'restart', name: 'mail-sender' } }),
} satisfies Record<string, SnapshotFrom<SystemActionMachine>>;
