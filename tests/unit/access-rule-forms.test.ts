import { describe, expect, it } from 'vitest';
import { type AnyFormDefinition, bodyOf, validateForm } from '../../src/machines/entity-form/entity-form.definition';
import { accessRuleForm as ruleForm } from '../../src/ui/access-rules/access-rule-form';
import { elevatorAccessRuleForm as liftForm } from '../../src/ui/access-rules/elevator-access-rule-form';

// The helpers take a definition of any item; these are typed by theirs.
const accessRuleForm = ruleForm as AnyFormDefinition & typeof ruleForm;
const elevatorAccessRuleForm = liftForm as AnyFormDefinition & typeof liftForm;

/** The access rule forms' payloads (7.9, section 5): doors from devices and locks, only elevators with floors. */
describe('access rule form', () => {
  it('sends each device once per chosen lock (lock 1 when none), users, groups and schedules as ids', () => {
    const values = {
      ...accessRuleForm.empty(),
      name: ' Residents ',
      devices: [
        { id: 4, name: 'Main door', type: 'accesscontroller' },
        { id: 9, name: 'Entrance', type: 'panel' },
      ],
      locks: { '4': [3, 1], '9': [] },
      users: [{ id: 5, name: 'Rita' }],
      domains: [{ id: 2, name: 'Building A' }],
      time_rules: [{ id: 7, name: 'Working hours' }],
    };
    expect(bodyOf(accessRuleForm, values, accessRuleForm.empty(), 'create')).toEqual({
      name: 'Residents',
      description: null,
      devices: [
        { id: 4, lock_number: 1 },
        { id: 4, lock_number: 3 },
        { id: 9, lock_number: 1 },
      ],
      users: [5],
      domains: [2],
      time_rules: [7],
      prohibition: false,
      is_shareable: true,
    });
  });

  it('section 5: no device is the catalogue field error', () => {
    const errors = validateForm(
      accessRuleForm,
      { ...accessRuleForm.empty(), name: 'x' },
      accessRuleForm.empty(),
      'create',
    );
    expect(errors).toEqual({ devices: { code: 'device_required' } });
  });

  it('reads an item back: a device with two locks is one row with both', () => {
    const values = accessRuleForm.fromItem({
      id: 1,
      name: 'R',
      description: null,
      devices: [
        { id: 4, name: 'Main door', type: 'accesscontroller', lock_number: 2 },
        { id: 4, name: 'Main door', type: 'accesscontroller', lock_number: 1 },
      ],
      time_rules: [{ id: 3, name: 'Weekdays' }],
      users: [],
      identifiers: [],
      domains: [],
      prohibition: true,
      is_shareable: false,
      created_at: '2026-01-01T00:00:00.000Z',
      created_by_user: null,
    });
    expect(values.devices).toEqual([{ id: 4, name: 'Main door', type: 'accesscontroller' }]);
    expect(values.locks).toEqual({ '4': [2, 1] });
    expect(values.time_rules).toEqual([{ id: 3, name: 'Weekdays' }]);
    // Identifiers are not in the form: a save leaves them as they are; the schedules it sends back.
    const body = bodyOf(accessRuleForm, values, values, 'patch');
    expect(body).not.toHaveProperty('identifiers');
    expect(body.time_rules).toEqual([3]);
  });
});

describe('elevator access rule form', () => {
  it('sends only elevators with at least one floor, floors in order', () => {
    const values = {
      ...elevatorAccessRuleForm.empty(),
      name: 'Lift',
      users: [{ id: 5, name: 'Rita' }],
      elevators: [
        { id: 1, name: 'Lift A' },
        { id: 2, name: 'Lift B' },
      ],
      floors: { '1': [4, 2], '2': [] },
    };
    expect(bodyOf(elevatorAccessRuleForm, values, elevatorAccessRuleForm.empty(), 'create')).toEqual({
      name: 'Lift',
      description: null,
      users: [5],
      elevators: [{ id: 1, floors: [2, 4] }],
    });
  });

  it('section 5: no user, and an elevator with no floor, are field errors', () => {
    const values = {
      ...elevatorAccessRuleForm.empty(),
      name: 'Lift',
      elevators: [{ id: 1, name: 'Lift A' }],
    };
    expect(validateForm(elevatorAccessRuleForm, values, elevatorAccessRuleForm.empty(), 'create')).toEqual({
      users: { code: 'user_required' },
      elevators: { code: 'elevator_required' },
    });
  });
});
