import { sampleAccount } from '../sip-registration/sip-registration.fixtures';
import type { SoftphoneAccess } from './softphone.access';
import { softphoneMachine } from './softphone.machine';

/** The demo concierge's access (interception permitted). */
export const sampleAccess: SoftphoneAccess = {
  account: sampleAccount,
  canIntercept: true,
  canManageCalls: true,
  canOpenDoors: true,
  fabId: 4711,
};

/** One snapshot per softphone state. */
export const softphoneFixtures = {
  unavailable: softphoneMachine.resolveState({ value: 'unavailable', context: { access: null } }),
  loading: softphoneMachine.resolveState({ value: 'loading', context: { access: sampleAccess } }),
  failed: softphoneMachine.resolveState({ value: 'failed', context: { access: sampleAccess } }),
  running: softphoneMachine.resolveState({
    value: 'running',
    context: { access: { ...sampleAccess, canIntercept: false } },
  }),
  withInterception: softphoneMachine.resolveState({ value: 'withInterception', context: { access: sampleAccess } }),
};
