import type { SnapshotFrom } from 'xstate';
import type { ElevatorFloor } from '../../contract/entities/elevator';
import { type LiftCallContext, type LiftCallMachine, liftCallMachine } from './lift-call.machine';

const snapshot = (value: string, context: Partial<LiftCallContext>) =>
  liftCallMachine.resolveState({
    value,
    context: { elevator: null, floors: [], floor: null, apartment: null, direction: null, failure: null, ...context },
  });

export const sampleFloors: ElevatorFloor[] = [
  { floor: 1, name: 'Lobby', is_public: false, is_panel_floor: true, apartments: [] },
  { floor: 2, name: null, is_public: false, is_panel_floor: false, apartments: ['201', '202'] },
  { floor: 3, name: null, is_public: false, is_panel_floor: false, apartments: ['301', '302'] },
];
const liftA = { id: 1, name: 'Lift A' };
const chosen = { elevator: liftA, floors: sampleFloors, floor: 2, apartment: '201', direction: 'up' as const };

/** One snapshot per state of the lift call dialog. */
export const liftCallFixtures = {
  closed: snapshot('closed', {}),
  loading: snapshot('loading', { elevator: liftA }),
  loadFailed: snapshot('loadFailed', { elevator: liftA, failure: { code: 'network' } }),
  editing: snapshot('editing', { elevator: liftA, floors: sampleFloors, floor: 2 }),
  calling: snapshot('calling', chosen),
  called: snapshot('called', chosen),
  failed: snapshot('failed', { ...chosen, failure: { code: 'device offline, cannot connect', status: 409 } }),
} satisfies Record<string, SnapshotFrom<LiftCallMachine>>;
