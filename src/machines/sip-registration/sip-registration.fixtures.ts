import { type SipAccount, sipRegistrationMachine } from './sip-registration.machine';

/** The demo concierge's account. */
export const sampleAccount: SipAccount = {
  number: '1001',
  password: 'Gate1001pass',
  displayName: 'Concierge desk',
  host: '127.0.0.1',
  port: 8443,
};

const context = (cause: string | null = null) => ({ account: sampleAccount, cause });

/** One snapshot per registration state. */
export const sipRegistrationFixtures = {
  requestingMedia: sipRegistrationMachine.resolveState({ value: 'requestingMedia', context: context() }),
  mediaDenied: sipRegistrationMachine.resolveState({ value: 'mediaDenied', context: context('NotAllowedError') }),
  registering: sipRegistrationMachine.resolveState({ value: { running: 'registering' }, context: context() }),
  registered: sipRegistrationMachine.resolveState({ value: { running: 'registered' }, context: context() }),
  unregistering: sipRegistrationMachine.resolveState({ value: { running: 'unregistering' }, context: context() }),
  unregistered: sipRegistrationMachine.resolveState({ value: { running: 'unregistered' }, context: context() }),
  error: sipRegistrationMachine.resolveState({ value: { running: 'error' }, context: context('Connection Error') }),
  invalidRegistration: sipRegistrationMachine.resolveState({
    value: { running: 'invalid_registration' },
    context: context('Authentication Error'),
  }),
};
