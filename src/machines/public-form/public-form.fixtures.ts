import { type PublicFormContext, type PublicFormInput, publicFormMachine } from './public-form.machine';

const registration: PublicFormInput = { loads: true, fields: ['password', 'password_confirmation'] };
const invitation = {
  login: 'newbie',
  name: 'Nina Neighbour',
  email: 'nina@example.org',
  project: 'Riverside Residence',
};
const base: PublicFormContext & PublicFormInput = {
  ...registration,
  values: {},
  errors: {},
  subject: invitation,
  failure: null,
};
const state = (value: string, context: Partial<PublicFormContext & PublicFormInput> = {}) =>
  publicFormMachine.resolveState({ value, context: { ...base, ...context } });

/** One snapshot per state, shown with the registration-by-invitation form. */
export const publicFormFixtures = {
  starting: state('starting', { subject: null }),
  loading: state('loading', { subject: null }),
  editing: state('editing'),
  withErrors: state('editing', {
    values: { password: 'short', password_confirmation: 'other' },
    errors: { password: { code: 'min_length', params: { length: 8 } }, password_confirmation: { code: 'mismatch' } },
  }),
  serverError: state('editing', { failure: { code: 'network' } }),
  submitting: state('submitting', { values: { password: 'long-enough', password_confirmation: 'long-enough' } }),
  done: state('done'),
  invalid: state('invalid', { subject: null }),
  failed: state('failed', { subject: null, failure: { code: 'network' } }),
};
