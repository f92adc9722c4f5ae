import { adminProfile } from '../session/session.fixtures';
import { profileFormMachine } from './profile-form.machine';
import { valuesFromProfile } from './profile-form.values';

const base = { profile: adminProfile, values: valuesFromProfile(adminProfile), errors: {}, failure: null };

export const profileFormFixtures = {
  editing: profileFormMachine.resolveState({ value: 'editing', context: base }),
  dirty: profileFormMachine.resolveState({
    value: 'editing',
    context: { ...base, values: { ...base.values, name: 'Alexandra Admin' } },
  }),
  withFieldErrors: profileFormMachine.resolveState({
    value: 'editing',
    context: {
      ...base,
      values: { ...base.values, email: 'not-an-email', phone: '12' },
      errors: { email: { code: 'email' }, phone: { code: 'phone' } },
      failure: { code: 'invalid data sent', status: 400 },
    },
  }),
  saving: profileFormMachine.resolveState({
    value: 'saving',
    context: { ...base, values: { ...base.values, name: 'Alexandra Admin' } },
  }),
};
