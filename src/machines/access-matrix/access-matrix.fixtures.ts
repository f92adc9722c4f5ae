import type { SnapshotFrom } from 'xstate';
import type { AccessMatrixPage, AccessMatrixRow } from '../../contract/entities/access-matrix';
import { type AccessMatrixContext, type AccessMatrixMachine, accessMatrixMachine } from './access-matrix.machine';

/** A page of the demo residence: three doors of Building A, four residents, the rules that reach them. */
export const sampleMatrixPage: AccessMatrixPage = {
  data: {
    doors: [
      { device_id: 11, device_name: 'Bike room', lock_number: 1 },
      { device_id: 10, device_name: 'Main door', lock_number: 1 },
      { device_id: 10, device_name: 'Main door', lock_number: 2 },
    ],
    rules: [
      { id: 1, name: 'Residents of A', prohibition: false, time_rules: [] },
      {
        id: 2,
        name: 'Cleaning company',
        prohibition: false,
        time_rules: [{ id: 3, name: 'Cleaning (Tue/Thu mornings)' }],
      },
      { id: 3, name: 'Night lock', prohibition: true, time_rules: [{ id: 4, name: 'Nights' }] },
      { id: 4, name: 'Bike owners', prohibition: false, time_rules: [{ id: 1, name: 'Working hours' }] },
    ],
    items: [
      {
        id: 21,
        name: 'Anna Berg',
        login: 'anna.berg',
        email: 'anna.berg@example.com',
        identifiers: 2,
        cells: [
          { device_id: 10, lock_number: 1, rules: [{ id: 1, via: 'group' }] },
          { device_id: 11, lock_number: 1, rules: [{ id: 4, via: 'user' }] },
        ],
      },
      {
        id: 22,
        name: 'Cleaner One',
        login: 'cleaner.one',
        email: null,
        identifiers: 1,
        cells: [{ device_id: 10, lock_number: 2, rules: [{ id: 2, via: 'identifier' }] }],
      },
      {
        id: 23,
        name: 'Rita Resident',
        login: 'resident',
        email: 'resident@example.com',
        identifiers: 1,
        cells: [
          {
            device_id: 10,
            lock_number: 1,
            rules: [
              { id: 1, via: 'group' },
              { id: 3, via: 'user' },
            ],
          },
        ],
      },
      { id: 24, name: 'Tom Tenant', login: 'tom.tenant', email: null, identifiers: 0, cells: [] },
    ],
  },
  meta: { page: 1, size: 4, total: 9 },
};

const rows = sampleMatrixPage.data.items;
const rules = Object.fromEntries(sampleMatrixPage.data.rules.map((r) => [r.id, r]));

const snapshot = (value: string, context: Partial<AccessMatrixContext>) =>
  accessMatrixMachine.resolveState({
    value,
    context: {
      group: null,
      search: '',
      searched: '',
      doors: [],
      rules: {},
      rows: [],
      total: 0,
      page: 0,
      size: 4,
      failure: null,
      downloading: false,
      ...context,
    },
  });

const loaded: Partial<AccessMatrixContext> = {
  doors: sampleMatrixPage.data.doors,
  rules,
  rows: rows as AccessMatrixRow[],
  total: 9,
  page: 1,
};

/** One snapshot per state of the access matrix page. */
export const accessMatrixFixtures = {
  loading: snapshot('loading', {}),
  failed: snapshot('failed', { failure: { code: 'network' } }),
  ready: snapshot('ready', loaded),
  loadingMore: snapshot('loadingMore', loaded),
  moreFailed: snapshot('moreFailed', { ...loaded, failure: { code: 'timeout' } }),
} satisfies Record<string, SnapshotFrom<AccessMatrixMachine>>;

/** Variants of `ready` for the screen stories: nothing matches, and a download running. */
export const accessMatrixVariants = {
  empty: snapshot('ready', { group: { id: 5, name: 'Unit 404' }, searched: '', total: 0 }),
  downloading: snapshot('ready', { ...loaded, downloading: true }),
};
