import type { AccessRule } from '../../contract/entities/access-rule';
import type { ElevatorAccessRule } from '../../contract/entities/elevator-access-rule';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { sampleElevators } from '../elevators/elevator.fixtures';
import { accessRuleForm } from './access-rule-form';
import { elevatorAccessRuleForm } from './elevator-access-rule-form';

const created = '2026-03-02T09:00:00.000Z';

export const sampleAccessRules: AccessRule[] = [
  {
    id: 1,
    name: 'Residents — Building A',
    description: 'The entrance and the main door for the people of Building A.',
    devices: [
      { id: 1, name: 'Entrance', type: 'panel', lock_number: 1 },
      { id: 2, name: 'Main door controller', type: 'accesscontroller', lock_number: 1 },
      { id: 2, name: 'Main door controller', type: 'accesscontroller', lock_number: 2 },
    ],
    time_rules: [],
    users: [],
    identifiers: [],
    domains: [{ id: 2, name: 'Building A' }],
    prohibition: false,
    is_shareable: true,
    created_at: created,
    created_by_user: { id: 1, name: 'Administrator' },
  },
  {
    id: 2,
    name: 'Cleaning — no bike room',
    description: null,
    devices: [{ id: 3, name: 'Bike room controller', type: 'accesscontroller', lock_number: 1 }],
    time_rules: [],
    users: [{ id: 7, name: 'Clara Cleaner' }],
    identifiers: [],
    domains: [],
    prohibition: true,
    is_shareable: false,
    created_at: created,
    created_by_user: { id: 1, name: 'Administrator' },
  },
];

export const sampleElevatorAccessRules: ElevatorAccessRule[] = [
  {
    id: 1,
    name: 'Residents — lift',
    description: null,
    users: [
      { id: 5, name: 'Rita Resident', elevator_access_disabled: false },
      { id: 6, name: 'Sam Staff', elevator_access_disabled: true },
    ],
    elevators: [{ id: 1, name: 'Lift A', floors: [1, 2] }],
    created_at: created,
    created_by_user: { id: 1, name: 'Administrator' },
  },
];

/** Snapshots of the access rule pages for stories and tests. */
export const accessRuleFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleAccessRules as unknown as ListRow[], total: 2, lastPage: 1, defaultSort: ['name'] },
    ),
  },
  form: {
    creating: entityFormSnapshot(accessRuleForm, 'editing'),
    editing: entityFormSnapshot(accessRuleForm, 'editing', { item: sampleAccessRules[0]! }),
    /** A lock beyond the device's relays, as the server answers it. */
    lockOutOfRange: entityFormSnapshot(accessRuleForm, 'editing', {
      values: { name: 'Gate', devices: [{ id: 1, name: 'Entrance', type: 'panel' }], locks: { '1': [3] } },
      errors: { devices: { code: 'range', params: { min: 1, max: 2 } } },
      failure: { code: 'invalid data sent', status: 400 },
    }),
  },
  elevatorList: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleElevatorAccessRules as unknown as ListRow[], total: 1, lastPage: 1, defaultSort: ['name'] },
    ),
  },
  elevatorForm: {
    creating: entityFormSnapshot(elevatorAccessRuleForm, 'editing'),
    editing: entityFormSnapshot(elevatorAccessRuleForm, 'editing', {
      item: sampleElevatorAccessRules[0]!,
      // A picked row carries the elevator whole (its floor map), as the elevators picker gives it.
      values: {
        ...elevatorAccessRuleForm.fromItem(sampleElevatorAccessRules[0]!),
        elevators: [sampleElevators[0] as unknown as ListRow],
      },
    }),
    /** Section 5: nothing chosen yet. */
    incomplete: entityFormSnapshot(elevatorAccessRuleForm, 'editing', {
      values: { name: 'Empty' },
      errors: { users: { code: 'user_required' }, elevators: { code: 'elevator_required' } },
    }),
  },
};
