import type { InterceptionContext } from './interception.machine';
import { interceptionMachine } from './interception.machine';

const options = [
  { id: 11, name: 'Building A' },
  { id: 12, name: 'Building B' },
  { id: 13, name: 'Parking' },
];
const base: InterceptionContext = { options, userGroupIds: [11, 12, 13], selected: [], failure: null };

/** One snapshot per interception state. */
export const interceptionFixtures = {
  loading: interceptionMachine.resolveState({ value: 'loading', context: { ...base, options: [], userGroupIds: [] } }),
  failed: interceptionMachine.resolveState({
    value: 'failed',
    context: { ...base, options: [], userGroupIds: [], failure: { code: 'internal server error', status: 500 } },
  }),
  inactive: interceptionMachine.resolveState({ value: 'inactive', context: { ...base, selected: [12] } }),
  starting: interceptionMachine.resolveState({ value: 'starting', context: { ...base, selected: [12] } }),
  active: interceptionMachine.resolveState({
    value: 'active',
    context: { ...base, options: options.slice(0, 2), userGroupIds: [11, 12], selected: [12] },
  }),
  stopping: interceptionMachine.resolveState({ value: 'stopping', context: { ...base, selected: [12] } }),
};
