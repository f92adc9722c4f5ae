import type { HomeCounts } from '../../contract/entities/server-settings';
import { loaderMachine } from './loader.machine';

export const demoCounts: HomeCounts = { users: 12, roles: 4, groups: 6, projects: 2 };

/** One snapshot per state; `loaded` carries home counts, `loadedTerms` an HTML page. */
export const loaderFixtures = {
  loading: loaderMachine.resolveState({ value: 'loading', context: { data: null, error: null } }),
  loaded: loaderMachine.resolveState({ value: 'loaded', context: { data: demoCounts, error: null } }),
  loadedTerms: loaderMachine.resolveState({
    value: 'loaded',
    context: { data: '<h1>Terms and conditions</h1><p>Use the console lawfully.</p>', error: null },
  }),
  failed: loaderMachine.resolveState({
    value: 'failed',
    context: { data: null, error: { code: 'internal server error', status: 500 } },
  }),
};
