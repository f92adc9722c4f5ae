import type { SipNumber } from '../../contract/entities/sip-number';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { sipNumberForm } from './sip-number-form';

const base = {
  is_active: true,
  is_reserved: false,
  user_id: null,
  user: null,
  device_id: null,
  device: null,
  domain_id: null,
  domain: null,
  forward_mode: 'disabled' as const,
  forward_group_id: null,
  forward_group: null,
  forward_rules: [],
  purpose: null,
  created_at: '2026-03-02T09:00:00.000Z',
  created_by_user: null,
};

/** The demo residence's numbers (a user's, a group's master number, a panel's, an inactive free one). */
export const sampleSipNumbers: SipNumber[] = [
  {
    ...base,
    id: 1,
    number: '100001',
    name: 'Sam Staff',
    password: 'Staff2Pass',
    user_id: 2,
    user: { id: 2, name: 'Sam Staff', email: 'staff@riverside.example' },
    forward_mode: 'picked',
    forward_group_id: 1,
    forward_group: { id: 1, name: 'Unanswered to concierges' },
    owner_info: 'Sam Staff',
  },
  {
    ...base,
    id: 4,
    number: '100011',
    name: 'Rita Resident',
    password: 'Rita4Pass',
    user_id: 4,
    user: { id: 4, name: 'Rita Resident', email: 'resident@riverside.example' },
    owner_info: 'Rita Resident',
  },
  {
    ...base,
    id: 5,
    number: '100100',
    name: 'Building A reception',
    password: 'Master5Pass',
    domain_id: 2,
    domain: { id: 2, name: 'Building A' },
    purpose: 'master_sip_number',
    owner_info: 'Building A',
  },
  {
    ...base,
    id: 6,
    number: '100200',
    name: 'Entrance panel',
    password: 'Panel6Pass',
    device_id: 1,
    device: { id: 1, name: 'Entrance panel' },
    owner_info: 'Entrance panel',
  },
  { ...base, id: 7, number: '100300', name: null, password: 'Spare7Pass', is_active: false, owner_info: null },
];

const rows = sampleSipNumbers as unknown as ListRow[];
const allRights = sipNumberForm({ activate: true, markSystem: true });
const noRights = sipNumberForm({ activate: false, markSystem: false });

/** Snapshots of the virtual numbers list and page for stories and tests. */
export const sipNumberFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: rows, total: rows.length, lastPage: 1, defaultSort: ['number'] },
    ),
    empty: entityListSnapshot({ browsing: 'ready' }, { lastPage: 1, query: defaultListState() }),
  },
  form: {
    creating: entityFormSnapshot(allRights, 'editing'),
    generating: entityFormSnapshot(allRights, 'filling'),
    editing: entityFormSnapshot(allRights, 'editing', { item: sampleSipNumbers[0]! }),
    device: entityFormSnapshot(allRights, 'editing', { item: sampleSipNumbers[3]! }),
    /** Without activate and mark-system: the state shows as text. */
    limited: entityFormSnapshot(noRights, 'editing', { item: sampleSipNumbers[1]! }),
    withErrors: entityFormSnapshot(allRights, 'editing', {
      values: { number: '12a', password: 'abcdef', user: null },
      errors: { number: { code: 'digits' }, password: { code: 'sip_password' }, user: { code: 'required' } },
    }),
    /** The server refused the number: it is taken. */
    taken: entityFormSnapshot(allRights, 'editing', {
      values: { number: '100001', password: 'Abc123xyz' },
      errors: { number: { code: 'not_unique' } },
      failure: { code: 'virtual number not free', status: 400, fields: { number: { code: 'not_unique' } } },
    }),
  },
};
