import type { SnapshotFrom, StateValue } from 'xstate';
import type { GuestAccessState, GuestDoor, GuestKey } from '../../contract/entities/guest-key';
import { type GuestKeyMachine, guestKeyMachine } from './guest-key.machine';
import type { GuestKeyContext, GuestKeyInput } from './guest-key.types';
import { defaultValues, valuesFromKey } from './guest-key.values';

const START = '2026-05-01T08:00:00.000Z';
const grantInput: GuestKeyInput = { mode: 'grant', id: null, start: START };
const guestInput: GuestKeyInput = { mode: 'guest', keyUid: 'Q2hhbmdlLXRoaXMta2V5' };

export const sampleRules = [{ id: 3, name: 'Residents — Building A' }];

export const sampleKey: GuestKey = {
  id: 41,
  name: 'Plumber',
  type: 'qr',
  value: 'GK-9F2C41D07A55E3B1C0FFEE12',
  guest_type: 'guest',
  key_uid: 'Q2hhbmdlLXRoaXMta2V5',
  key_message: 'Ring 101 when you arrive',
  is_active: true,
  period_restrict: { active: true, from: '2026-05-01T08:00:00.000Z', to: '2026-05-02T08:00:00.000Z' },
  passes_restrict: { active: true, max_count: 4, passes_count: 1 },
  access_rules: sampleRules,
  status: 'valid',
  revoked_at: null,
  created_at: '2026-05-01T07:55:00.000Z',
  created_by_user: { id: 1, name: 'Administrator' },
};

export const sampleState: GuestAccessState = {
  status: 'valid',
  name: 'Plumber',
  message: 'Ring 101 when you arrive',
  granted_by: 'Rita Resident',
  valid_from: '2026-05-01T08:00:00.000Z',
  valid_to: '2026-05-02T08:00:00.000Z',
  passes: { max: 4, used: 1, left: 3 },
};

export const sampleDoors: GuestDoor[] = [
  { device_token: 'dG9rZW4tZW50cmFuY2UtMQ', name: 'Entrance panel', lock: 1, online: true },
  { device_token: 'dG9rZW4tbWFpbi1kb29yLTE', name: 'Main door controller', lock: 1, online: true },
  { device_token: 'dG9rZW4tYmlrZS1yb29tLTE', name: 'Bike room controller', lock: 1, online: false },
];

const base = (input: GuestKeyInput): GuestKeyContext => ({
  input,
  values: defaultValues(START),
  fieldErrors: {},
  granted: null,
  state: null,
  doors: [],
  door: null,
  failure: null,
});

const snapshot = (value: StateValue, input: GuestKeyInput, context: Partial<GuestKeyContext> = {}) =>
  guestKeyMachine.resolveState({ value, context: { ...base(input), ...context } });

const chosen = { ...defaultValues(START), name: 'Plumber', selectedAccessRules: sampleRules, keyMessage: 'Ring 101' };
const page = { state: sampleState, doors: sampleDoors };

/** One snapshot per state of the guest key: the grant flow and the guest page. */
export const guestKeyFixtures = {
  grantLoading: snapshot({ grant: 'loading' }, { mode: 'grant', id: 41, start: START }),
  grantLoadFailed: snapshot(
    { grant: 'loadFailed' },
    { mode: 'grant', id: 41, start: START },
    {
      failure: { code: 'item not found', status: 404 },
    },
  ),
  choosing: snapshot({ grant: 'choosing' }, grantInput, { values: chosen }),
  choosingRefused: snapshot({ grant: 'choosing' }, grantInput, {
    values: { ...chosen, restrictPassCount: true, passLimit: '50' },
    failure: {
      code: 'max pass count or period reached',
      status: 400,
      fields: { 'passes_restrict.max_count': { code: 'max_passes', params: { max: 10 } } },
    },
    fieldErrors: { 'passes_restrict.max_count': { code: 'max_passes', params: { max: 10 } } },
  }),
  granting: snapshot({ grant: 'granting' }, grantInput, { values: chosen }),
  granted: snapshot({ grant: 'granted' }, grantInput, { values: valuesFromKey(sampleKey), granted: sampleKey }),
  pageLoading: snapshot({ guest: 'loading' }, guestInput),
  pageLoadFailed: snapshot({ guest: 'loadFailed' }, guestInput, { failure: { code: 'network' } }),
  doors: snapshot({ guest: 'doors' }, guestInput, page),
  opening: snapshot({ guest: 'opening' }, guestInput, { ...page, door: sampleDoors[1] ?? null }),
  opened: snapshot({ guest: 'opened' }, guestInput, {
    state: { ...sampleState, passes: { max: 4, used: 2, left: 2 } },
    doors: sampleDoors,
    door: sampleDoors[1] ?? null,
  }),
  doorFailed: snapshot({ guest: 'doorFailed' }, guestInput, {
    ...page,
    door: sampleDoors[0] ?? null,
    failure: { code: 'device problem', status: 409, params: { reason: 'offline' } },
  }),
  invalid: snapshot({ guest: 'invalid' }, guestInput, { failure: { code: 'invalid identifier', status: 404 } }),
  expired: snapshot({ guest: 'expired' }, guestInput, { state: { ...sampleState, status: 'expired' } }),
  passLimitReached: snapshot({ guest: 'passLimitReached' }, guestInput, {
    state: { ...sampleState, status: 'pass_limit', passes: { max: 4, used: 4, left: 0 } },
  }),
  notYetValid: snapshot({ guest: 'notYetValid' }, guestInput, {
    state: { ...sampleState, status: 'not_yet_valid' },
    doors: sampleDoors,
  }),
} satisfies Record<string, SnapshotFrom<GuestKeyMachine>>;
