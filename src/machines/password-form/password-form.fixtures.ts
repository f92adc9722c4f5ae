import { passwordFormMachine } from './password-form.machine';

const empty = { old: '', new: '', confirm: '' };

export const passwordFormFixtures = {
  editing: passwordFormMachine.resolveState({ value: 'editing', context: { values: empty, errors: {} } }),
  withErrors: passwordFormMachine.resolveState({
    value: 'editing',
    context: {
      values: { old: 'x', new: 'short', confirm: 'other' },
      errors: { new: { code: 'min_length', params: { length: 8 } }, confirm: { code: 'mismatch' } },
    },
  }),
  submitting: passwordFormMachine.resolveState({
    value: 'submitting',
    context: { values: { old: 'old-secret', new: 'new-secret-1', confirm: 'new-secret-1' }, errors: {} },
  }),
  done: passwordFormMachine.resolveState({ value: 'done', context: { values: empty, errors: {} } }),
};
