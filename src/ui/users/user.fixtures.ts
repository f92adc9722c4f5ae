import type { User } from '../../contract/entities/user';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { sampleMarkers } from '../markers/marker.fixtures';
import { userForm } from './user-form';

const none = { access_rules: [], identifiers: [], sip_numbers: [], mobile_clients: [] };
const linked = { linked_users: [], linked_mobile_clients: [], linked_sip_numbers: [], elevator_access_rules: [] };
const profile = {
  phone: null,
  address: null,
  use_phone_in_forward: false,
  country_code: 'LV',
  time_zone: 2,
  sip_number_id: null,
  identifier_format: 'dec' as const,
  time_format: 'DD-MM-YYYY HH:NN:SS',
  locale: 'en' as const,
  is_app_popup_active: true,
};
const licence = {
  sip: true,
  mobile_app: true,
  elevator: false,
  face_id: false,
  license_plate: false,
  ukey2: false,
  amenity: true,
  identifier: true,
};

export const sampleUsers: User[] = [
  {
    id: 2,
    login: 'staff',
    name: 'Sam Staff',
    description: null,
    firstname: 'Sam',
    lastname: 'Staff',
    email: 'staff@riverside.example',
    phone: '+37120000002',
    avatar_url: null,
    role: { id: 2, name: 'staff' },
    domains: [{ id: 1, name: 'Riverside Residence' }],
    markers: [sampleMarkers[1]!],
    ...none,
    ...linked,
    elevator_access_disabled: false,
    activated_at: '2024-03-01T09:00:00.000Z',
    send_registration_link: false,
    license_info: licence,
    profile,
    created_at: '2024-03-01T09:00:00.000Z',
    created_by_user: { id: 1, name: 'Alex Admin' },
  },
  {
    id: 4,
    login: 'resident',
    name: 'Rita Resident',
    description: 'Unit 101',
    firstname: 'Rita',
    lastname: 'Resident',
    email: 'resident@riverside.example',
    phone: null,
    avatar_url: null,
    role: { id: 4, name: 'resident' },
    domains: [
      { id: 3, name: 'Unit 101' },
      { id: 4, name: 'Unit 102' },
      { id: 5, name: 'Unit 201' },
    ],
    markers: [sampleMarkers[0]!, sampleMarkers[2]!],
    ...none,
    ...linked,
    elevator_access_disabled: false,
    activated_at: null,
    send_registration_link: true,
    license_info: licence,
    profile,
    created_at: '2024-03-02T09:00:00.000Z',
    created_by_user: { id: 1, name: 'Alex Admin' },
  },
];

const rows = sampleUsers as unknown as ListRow[];

/** Snapshots of the users list and form for stories and tests. */
export const userFixtures = {
  list: {
    ready: entityListSnapshot({ browsing: 'ready' }, { items: rows, total: 2, lastPage: 1, defaultSort: ['name'] }),
    filtered: entityListSnapshot(
      { browsing: 'ready' },
      {
        items: rows.slice(1),
        total: 1,
        lastPage: 1,
        query: { ...defaultListState(), filters: [{ field: 'markers', rule: 'has', value: [1] }] },
      },
    ),
  },
  form: {
    creating: entityFormSnapshot(userForm, 'editing'),
    editing: entityFormSnapshot(userForm, 'editing', { item: sampleUsers[1]! }),
    withServerError: entityFormSnapshot(userForm, 'editing', {
      item: sampleUsers[1]!,
      values: { login: 'staff' },
      errors: { login: { code: 'not_unique' } },
      failure: { code: 'value not unique', status: 422, fields: { login: { code: 'not_unique' } } },
    }),
    readOnly: entityFormSnapshot(userForm, 'editing', { item: sampleUsers[0]!, mayEdit: false }),
  },
};
