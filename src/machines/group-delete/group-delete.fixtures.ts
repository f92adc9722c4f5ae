import type { SnapshotFrom } from 'xstate';
import { type GroupDeleteContext, type GroupDeleteMachine, groupDeleteMachine } from './group-delete.machine';

const snapshot = (value: string, context: GroupDeleteContext) => groupDeleteMachine.resolveState({ value, context });
const buildingA = { id: 2, name: 'Building A', parentId: 1 };

/** One snapshot per state, plus the confirmation after a refusal. */
export const groupDeleteFixtures = {
  idle: snapshot('idle', { group: null, failure: null }),
  confirming: snapshot('confirming', { group: buildingA, failure: null }),
  refused: snapshot('confirming', {
    group: buildingA,
    failure: { code: 'users must be moved before deleting the group', status: 409 },
  }),
  deleting: snapshot('deleting', { group: buildingA, failure: null }),
} satisfies Record<string, SnapshotFrom<GroupDeleteMachine>>;
