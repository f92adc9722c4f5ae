/**
 * The route table of 2.1, whole, in one array. Each route says who may open it
 * (`access`), what the top bar calls it (`title`, an i18n key with an optional
 * entity key for add/edit titles) and which page renders it; routes without a
 * `page` are areas not built yet and show the not-built page.
 */
export type RouteAccess =
  /** Public, only when logged out (a logged-in user is sent on). */
  | 'loggedOut'
  /** Public in any state. */
  | 'any'
  /** /choose-project, shown only while the session waits for a choice. */
  | 'choose'
  /** Authenticated, outside the layout. */
  | 'standalone'
  /** Authenticated, in the layout. */
  | 'auth';

/** Pages that exist today; each is code-split with its area. */
export type PageKey =
  | 'selfRegistration'
  | 'registrationConfirm'
  | 'groups'
  | 'passwordRecovery'
  | 'passwordReset'
  | 'registration'
  | 'login'
  | 'chooseProject'
  | 'home'
  | 'profile'
  | 'terms'
  | 'users'
  | 'userForm'
  | 'roles'
  | 'roleForm'
  | 'markers'
  | 'conversations'
  | 'conversation'
  | 'announces'
  | 'announceForm'
  | 'announce'
  | 'announceResponses'
  | 'emergencyAlerts'
  | 'emergencyAlertForm'
  | 'notifications'
  | 'notificationSettings'
  | 'virtualNumbers'
  | 'virtualNumberForm'
  | 'forwardRules'
  | 'sipTrunks'
  | 'sipTrunkForm'
  | 'integrationForm'
  | 'elevators'
  | 'elevatorForm'
  | 'elevatorEvents'
  | 'accessRules'
  | 'accessRuleForm'
  | 'elevatorAccessRules'
  | 'elevatorAccessRuleForm'
  | 'callHistory'
  | 'ipBlocking'
  | 'devices'
  | 'deviceForm'
  | 'deviceTasks'
  | 'deviceEvents'
  | 'alarms'
  | 'alarmProcessing'
  | 'alarmCalls'
  | 'deviceSearch'
  | 'remoteControl'
  | 'identifiers'
  | 'identifierForm'
  | 'schedules'
  | 'scheduleForm'
  | 'accessMatrix'
  | 'amenities'
  | 'amenityForm'
  | 'amenityReservations'
  | 'amenityReservation'
  | 'accessEvents'
  | 'ukey2'
  | 'ukey2View'
  | 'guestKeys'
  | 'guestKeyForm'
  | 'guestPage'
  | 'licences'
  | 'licenceReports'
  | 'generalSettings'
  | 'mailTemplates'
  | 'auditEvents'
  | 'systemInfo'
  | 'backups';

/** An i18n title: `key`, or `key` interpolating `{{entity}}` = t(entity). */
export interface TitleSpec {
  key: string;
  entity?: string;
}

/** What a route match carries for the shell (read with `useMatches`). */
export interface RouteHandle {
  title: TitleSpec;
}

export interface RouteDef {
  path: string;
  access: RouteAccess;
  title: TitleSpec;
  page?: PageKey;
}

const entry = (path: string) => `menu:entries.${path}`;
const single = (path: string, page?: PageKey): RouteDef => ({
  path,
  access: 'auth',
  title: { key: entry(path) },
  page,
});
const add = (base: string, entity = entry(base)): RouteDef => ({
  path: `${base}/add`,
  access: 'auth',
  title: { key: 'shell:title.add', entity },
});
const edit = (base: string, entity = entry(base), key = 'shell:title.edit'): RouteDef => ({
  path: `${base}/:id/edit`,
  access: 'auth',
  title: { key, entity },
});
/** A list page with its add and edit pages. */
const crud = (base: string, pages: { list?: PageKey; form?: PageKey } = {}): RouteDef[] => [
  single(base, pages.list),
  { ...add(base), page: pages.form },
  { ...edit(base), page: pages.form },
];
const page = (name: string) => ({ key: `menu:pages.${name}` });

export const ROUTE_TABLE: readonly RouteDef[] = [
  // Public, only when logged out.
  { path: '/login', access: 'loggedOut', title: page('login'), page: 'login' },
  { path: '/registration/:token?', access: 'loggedOut', title: page('registration'), page: 'registration' },
  {
    path: '/self-registration/:token?',
    access: 'loggedOut',
    title: page('selfRegistration'),
    page: 'selfRegistration',
  },
  { path: '/password/recovery', access: 'loggedOut', title: page('passwordRecovery'), page: 'passwordRecovery' },
  { path: '/password/reset/:token', access: 'loggedOut', title: page('passwordReset'), page: 'passwordReset' },

  // Public, in any state.
  {
    path: '/registration/confirm/:token',
    access: 'any',
    title: page('registrationConfirm'),
    page: 'registrationConfirm',
  },
  { path: '/guest-access/:keyId', access: 'any', title: page('guestKeyCheck'), page: 'guestPage' },
  { path: '/choose-project', access: 'choose', title: page('chooseProject'), page: 'chooseProject' },
  { path: '/terms-and-conditions', access: 'any', title: page('termsAndConditions'), page: 'terms' },

  // Standalone, outside the layout.
  { path: '/devices/remote-control', access: 'standalone', title: page('remoteControl'), page: 'remoteControl' },

  // Authenticated single pages.
  single('/home', 'home'),
  { path: '/profile', access: 'auth', title: page('profile'), page: 'profile' },
  single('/notifications', 'notifications'),
  {
    path: '/notifications/settings',
    access: 'auth',
    title: page('notificationSettings'),
    page: 'notificationSettings',
  },
  single('/reports/licenses', 'licenceReports'),
  single('/backups', 'backups'),
  single('/licenses', 'licences'),
  // Project settings (7.8): one tab per section (?tab=), each opening its 900 px dialog.
  single('/general-settings', 'generalSettings'),
  // Mail templates (7.6; 2.5 names the section, not its path): the list with add/edit dialogs.
  single('/mail-templates', 'mailTemplates'),
  // System (7.8): information, logs, workers, queue management and web metrics, one tab each (?tab=).
  single('/system-info', 'systemInfo'),
  // IP blocking (7.8): banned addresses and the whitelist, one tab each (?tab=whitelist).
  single('/ip-blocking', 'ipBlocking'),
  single('/access-matrix', 'accessMatrix'),
  single('/call-history', 'callHistory'),
  single('/audit-events', 'auditEvents'),
  single('/conversations', 'conversations'),
  { path: '/conversation/:id', access: 'auth', title: page('conversation'), page: 'conversation' },
  { path: '/announce/:token', access: 'auth', title: page('announce'), page: 'announce' },
  single('/announces/response', 'announceResponses'),
  single('/guest-access', 'guestKeys'),
  single('/devices/events', 'deviceEvents'),
  single('/devices/tasks', 'deviceTasks'),
  { path: '/devices/search', access: 'auth', title: page('devicesSearch'), page: 'deviceSearch' },
  single('/devices/alarms-calls', 'alarmCalls'),
  single('/access-control/events', 'accessEvents'),
  single('/elevators/events', 'elevatorEvents'),

  // Lists with their add and edit pages.
  // Add and edit open the group dialog over the tree.
  ...crud('/groups', { list: 'groups', form: 'groups' }),
  ...crud('/users', { list: 'users', form: 'userForm' }),
  // Markers (7.5) have no route in 2.1: their page opens from the users list; add/edit are dialogs.
  { path: '/markers', access: 'auth', title: page('markers'), page: 'markers' },
  ...crud('/sip-trunks', { list: 'sipTrunks', form: 'sipTrunkForm' }),
  ...crud('/roles', { list: 'roles', form: 'roleForm' }),
  ...crud('/devices', { list: 'devices', form: 'deviceForm' }),
  ...crud('/elevators', { list: 'elevators', form: 'elevatorForm' }),
  ...crud('/elevators/access-rules', { list: 'elevatorAccessRules', form: 'elevatorAccessRuleForm' }),
  ...crud('/schedules', { list: 'schedules', form: 'scheduleForm' }),
  ...crud('/access-rules', { list: 'accessRules', form: 'accessRuleForm' }),
  ...crud('/identifiers', { list: 'identifiers', form: 'identifierForm' }),
  ...crud('/announces', { list: 'announces', form: 'announceForm' }),
  ...crud('/emergency-alerts', { list: 'emergencyAlerts', form: 'emergencyAlertForm' }),
  ...crud('/amenities', { list: 'amenities', form: 'amenityForm' }),
  // A booking's page is the `amenityReservation` flow (new, or a stored one to change or view).
  ...crud('/amenities/reservations', { list: 'amenityReservations', form: 'amenityReservation' }),
  ...crud('/virtual-numbers', { list: 'virtualNumbers', form: 'virtualNumberForm' }),
  // Rule sets and forward groups share one page; add and edit open its dialogs (a rule set by id).
  ...crud('/forward-rules', { list: 'forwardRules', form: 'forwardRules' }),
  // Integrations: add and edit only, no list.
  { ...add('/integration', 'menu:pages.integration'), page: 'integrationForm' },
  { ...edit('/integration', 'menu:pages.integration'), page: 'integrationForm' },
  // UKEY2 is view-only, reached by id; the side menu's /ukey2 entry (2.4) lands on its list.
  single('/ukey2', 'ukey2'),
  { ...edit('/ukey2', entry('/ukey2'), 'shell:title.view'), page: 'ukey2View' },
  // Device alarms: edit by alarm_id; the side menu's /devices/alarms entry lands on its list.
  single('/devices/alarms', 'alarms'),
  { ...edit('/devices/alarms'), page: 'alarmProcessing' },
  { ...add('/guest-access'), page: 'guestKeyForm' },
  { ...edit('/guest-access'), page: 'guestKeyForm' },
];

/** Title of the not-found page (it sits behind login, in the layout). */
export const NOT_FOUND_TITLE: TitleSpec = page('notFound');
