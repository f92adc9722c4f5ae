import type { HomeCounts } from '../../contract/entities/server-settings';
import { resourceMachine } from './resource.machine';

export const demoCounts: HomeCounts = { users: 12, roles: 4, groups: 6, projects: 2 };

/** One snapshot per state; `loaded` carries home counts, `loadedTerms` an HTML page. */
export const resourceFixtures = {
  loading: resourceMachine.resolveState({ value: 'loading', context: { data: null, error: null } }),
  loaded: resourceMachine.resolveState({ value: 'loaded', context: { data: demoCounts, error: null } }),
  loadedTerms: resourceMachine.resolveState({
    value: 'loaded',
    context: { data: '<h1>Terms and conditions</h1><p>Use the console lawfully.</p>', error: null },
  }),
  failed: resourceMachine.resolveState({
    value: 'failed',
    context: { data: null, error: { code: 'internal server error', status: 500 } },
  }),
};
