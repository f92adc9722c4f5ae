import type { Profile } from '../../contract/entities/profile';
import type { ServerSettings } from '../../contract/entities/server-settings';
import type { ProjectSession } from '../../contract/entities/session';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { sessionMachine } from './session.machine';
import type { SessionContext } from './session.types';

/** A demo admin profile, as GET /profile returns it. */
export const adminProfile: Profile = {
  id: 1,
  login: 'admin',
  name: 'Alex Admin',
  firstname: 'Alex',
  lastname: 'Admin',
  email: 'admin@riverside.example',
  phone: '+37120000001',
  description: null,
  avatar_url: null,
  locale: 'en',
  is_app_popup_active: true,
  role: { id: 1, name: 'admin', permissions: [...ALL_PERMISSIONS] },
  project: { id: 1, name: 'Riverside Residence' },
  sip_number: null,
  profile: {
    phone: '+37120000001',
    address: '1 River Street',
    use_phone_in_forward: false,
    country_code: 'LV',
    time_zone: 2,
    sip_number_id: null,
    identifier_format: 'dec',
    time_format: 'DD-MM-YYYY HH:NN:SS',
    locale: 'en',
    is_app_popup_active: true,
  },
};

/** A resident: few permissions, so the menu is short. */
export const residentProfile: Profile = {
  ...adminProfile,
  id: 4,
  login: 'resident',
  name: 'Rita Resident',
  email: 'resident@riverside.example',
  role: {
    id: 4,
    name: 'resident',
    permissions: ['conversations.view', 'conversations.create_message', 'announces.view'],
  },
};

export const demoSettings: ServerSettings = {
  version: '0.1.0',
  sip_proxy_host: '127.0.0.1',
  sip_port: 8443,
  is_sip_enabled: true,
  is_web_dialer_enabled: true,
  is_self_registration_enabled: true,
  default_locale: 'en',
  features: {
    sip: true,
    sip_trunks: true,
    web_dialer: true,
    mobile_app: true,
    ukey2: true,
    elevator: true,
    amenity: true,
    license_plate: true,
    guest_access: true,
  },
};

export const twoProjects: ProjectSession[] = [
  { project: { id: 1, name: 'Riverside Residence' }, token: 't1', refresh: 'r1' },
  { project: { id: 2, name: 'Harbour Office' }, token: 't2', refresh: 'r2' },
];

const base: SessionContext = {
  tokens: null,
  remember: false,
  projectSessions: [],
  profile: null,
  settings: null,
  error: null,
  logoutReason: null,
};
const authed: SessionContext = { ...base, tokens: { token: 't1', refresh: 'r1' } };
const ready: SessionContext = { ...authed, profile: adminProfile, settings: demoSettings };

/** One named snapshot per reachable state (Storybook shows each; a test checks coverage). */
export const sessionFixtures = {
  loggedOut: sessionMachine.resolveState({ value: { unauthenticated: 'idle' }, context: base }),
  loginFailed: sessionMachine.resolveState({
    value: { unauthenticated: 'idle' },
    context: { ...base, error: { code: 'incorrect login/password', status: 401 } },
  }),
  sessionExpired: sessionMachine.resolveState({
    value: { unauthenticated: 'idle' },
    context: { ...base, logoutReason: 'expired' },
  }),
  loggingIn: sessionMachine.resolveState({ value: { unauthenticated: 'loggingIn' }, context: base }),
  choosingProject: sessionMachine.resolveState({
    value: { unauthenticated: 'choosingProject' },
    context: { ...base, projectSessions: twoProjects },
  }),
  profileLoading: sessionMachine.resolveState({
    value: { authenticated: { profile: 'loading', tokens: 'valid' } },
    context: authed,
  }),
  profileLoadingRefreshing: sessionMachine.resolveState({
    value: { authenticated: { profile: 'loading', tokens: 'refreshing' } },
    context: authed,
  }),
  ready: sessionMachine.resolveState({
    value: { authenticated: { profile: 'ready', tokens: 'valid' } },
    context: ready,
  }),
  readyResident: sessionMachine.resolveState({
    value: { authenticated: { profile: 'ready', tokens: 'valid' } },
    context: { ...ready, profile: residentProfile },
  }),
  readyRefreshing: sessionMachine.resolveState({
    value: { authenticated: { profile: 'ready', tokens: 'refreshing' } },
    context: ready,
  }),
  profileFailed: sessionMachine.resolveState({
    value: { authenticated: { profile: 'failed', tokens: 'valid' } },
    context: { ...authed, error: { code: 'internal server error', status: 500 } },
  }),
  profileFailedRefreshing: sessionMachine.resolveState({
    value: { authenticated: { profile: 'failed', tokens: 'refreshing' } },
    context: { ...authed, error: { code: 'network' } },
  }),
};
