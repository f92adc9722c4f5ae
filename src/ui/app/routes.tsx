import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../kit/Spinner';
import { Layout } from '../shell/Layout';
import { NotBuiltPage } from '../shell/NotBuiltPage';
import { NotFoundPage } from '../shell/NotFoundPage';
import { RouteErrorPage } from '../shell/RouteErrorPage';
import { ChooseProjectGate, RequireAuth, RequireLoggedOut } from './guard';
import { LOGIN_PATH } from './guard-rules';
import {
  NOT_FOUND_TITLE,
  type PageKey,
  ROUTE_TABLE,
  type RouteAccess,
  type RouteDef,
  type RouteHandle,
} from './route-table';

// One chunk per area, so the login page's first load stays small.
const PAGES: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => import('../session/LoginPage').then((m) => ({ default: m.LoginPage }))),
  chooseProject: lazy(() => import('../session/ChooseProjectPage').then((m) => ({ default: m.ChooseProjectPage }))),
  home: lazy(() => import('../home/HomePage').then((m) => ({ default: m.HomePage }))),
  profile: lazy(() => import('../profile/ProfilePage').then((m) => ({ default: m.ProfilePage }))),
  terms: lazy(() => import('../terms/TermsPage').then((m) => ({ default: m.TermsPage }))),
  users: lazy(() => import('../users/UsersPage').then((m) => ({ default: m.UsersPage }))),
  userForm: lazy(() => import('../users/UserFormPage').then((m) => ({ default: m.UserFormPage }))),
  roles: lazy(() => import('../roles/RolesPage').then((m) => ({ default: m.RolesPage }))),
  roleForm: lazy(() => import('../roles/RoleFormPage').then((m) => ({ default: m.RoleFormPage }))),
  markers: lazy(() => import('../markers/MarkersPage').then((m) => ({ default: m.MarkersPage }))),
  groups: lazy(() => import('../groups/GroupsPage').then((m) => ({ default: m.GroupsPage }))),
  notifications: lazy(() =>
    import('../notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
  ),
  notificationSettings: lazy(() =>
    import('../notifications/NotificationSettingsPage').then((m) => ({ default: m.NotificationSettingsPage })),
  ),
  virtualNumbers: lazy(() =>
    import('../virtual-numbers/VirtualNumbersPage').then((m) => ({ default: m.VirtualNumbersPage })),
  ),
  virtualNumberForm: lazy(() =>
    import('../virtual-numbers/VirtualNumberFormPage').then((m) => ({ default: m.VirtualNumberFormPage })),
  ),
  forwardRules: lazy(() => import('../forward-rules/ForwardRulesPage').then((m) => ({ default: m.ForwardRulesPage }))),
  sipTrunks: lazy(() => import('../sip-trunks/SipTrunksPage').then((m) => ({ default: m.SipTrunksPage }))),
  sipTrunkForm: lazy(() => import('../sip-trunks/SipTrunkFormPage').then((m) => ({ default: m.SipTrunkFormPage }))),
  integrationForm: lazy(() =>
    import('../integrations/IntegrationFormPage').then((m) => ({ default: m.IntegrationFormPage })),
  ),
  elevators: lazy(() => import('../elevators/ElevatorsPage').then((m) => ({ default: m.ElevatorsPage }))),
  elevatorEvents: lazy(() =>
    import('../elevators/ElevatorEventsPage').then((m) => ({ default: m.ElevatorEventsPage })),
  ),
  elevatorForm: lazy(() => import('../elevators/ElevatorFormPage').then((m) => ({ default: m.ElevatorFormPage }))),
  accessRules: lazy(() => import('../access-rules/AccessRulesPage').then((m) => ({ default: m.AccessRulesPage }))),
  accessRuleForm: lazy(() =>
    import('../access-rules/AccessRuleFormPage').then((m) => ({ default: m.AccessRuleFormPage })),
  ),
  elevatorAccessRules: lazy(() =>
    import('../access-rules/ElevatorAccessRulesPage').then((m) => ({ default: m.ElevatorAccessRulesPage })),
  ),
  elevatorAccessRuleForm: lazy(() =>
    import('../access-rules/ElevatorAccessRuleFormPage').then((m) => ({ default: m.ElevatorAccessRuleFormPage })),
  ),
  identifiers: lazy(() => import('../identifiers/IdentifiersPage').then((m) => ({ default: m.IdentifiersPage }))),
  identifierForm: lazy(() =>
    import('../identifiers/IdentifierFormPage').then((m) => ({ default: m.IdentifierFormPage })),
  ),
  schedules: lazy(() => import('../schedules/SchedulesPage').then((m) => ({ default: m.SchedulesPage }))),
  scheduleForm: lazy(() => import('../schedules/ScheduleFormPage').then((m) => ({ default: m.ScheduleFormPage }))),
  accessMatrix: lazy(() => import('../access-matrix/AccessMatrixPage').then((m) => ({ default: m.AccessMatrixPage }))),
  amenities: lazy(() => import('../amenities/AmenitiesPage').then((m) => ({ default: m.AmenitiesPage }))),
  amenityForm: lazy(() => import('../amenities/AmenityFormPage').then((m) => ({ default: m.AmenityFormPage }))),
  amenityReservations: lazy(() =>
    import('../amenities/ReservationsPage').then((m) => ({ default: m.ReservationsPage })),
  ),
  amenityReservation: lazy(() => import('../amenities/ReservationPage').then((m) => ({ default: m.ReservationPage }))),
  accessEvents: lazy(() => import('../access-events/AccessEventsPage').then((m) => ({ default: m.AccessEventsPage }))),
  ukey2: lazy(() => import('../ukey2/Ukey2Page').then((m) => ({ default: m.Ukey2Page }))),
  ukey2View: lazy(() => import('../ukey2/Ukey2ViewPage').then((m) => ({ default: m.Ukey2ViewPage }))),
  guestKeys: lazy(() => import('../guest-access/GuestKeysPage').then((m) => ({ default: m.GuestKeysPage }))),
  guestKeyForm: lazy(() => import('../guest-access/GuestKeyFormPage').then((m) => ({ default: m.GuestKeyFormPage }))),
  guestPage: lazy(() => import('../guest-access/GuestPage').then((m) => ({ default: m.GuestPage }))),
  ipBlocking: lazy(() => import('../ip-blocking/IpBlockingPage').then((m) => ({ default: m.IpBlockingPage }))),
  licences: lazy(() => import('../licences/LicencesPage').then((m) => ({ default: m.LicencesPage }))),
  licenceReports: lazy(() =>
    import('../licence-reports/LicenceReportsPage').then((m) => ({ default: m.LicenceReportsPage })),
  ),
  generalSettings: lazy(() =>
    import('../settings/GeneralSettingsPage').then((m) => ({ default: m.GeneralSettingsPage })),
  ),
  mailTemplates: lazy(() => import('../settings/MailTemplatesPage').then((m) => ({ default: m.MailTemplatesPage }))),
  auditEvents: lazy(() => import('../audit/AuditEventsPage').then((m) => ({ default: m.AuditEventsPage }))),
  systemInfo: lazy(() => import('../system/SystemInfoPage').then((m) => ({ default: m.SystemInfoPage }))),
  backups: lazy(() => import('../backups/BackupsPage').then((m) => ({ default: m.BackupsPage }))),
  deviceTasks: lazy(() => import('../device-tasks/DeviceTasksPage').then((m) => ({ default: m.DeviceTasksPage }))),
  callHistory: lazy(() => import('../call-history/CallHistoryPage').then((m) => ({ default: m.CallHistoryPage }))),
  deviceEvents: lazy(() => import('../device-events/DeviceEventsPage').then((m) => ({ default: m.DeviceEventsPage }))),
  alarms: lazy(() => import('../alarms/AlarmsPage').then((m) => ({ default: m.AlarmsPage }))),
  alarmProcessing: lazy(() =>
    import('../alarms/AlarmProcessingPage').then((m) => ({ default: m.AlarmProcessingPage })),
  ),
  alarmCalls: lazy(() => import('../alarms/AlarmCallsPage').then((m) => ({ default: m.AlarmCallsPage }))),
  passwordRecovery: lazy(() =>
    import('../registration/AccountPages').then((m) => ({ default: m.PasswordRecoveryPage })),
  ),
  passwordReset: lazy(() => import('../registration/AccountPages').then((m) => ({ default: m.PasswordResetPage }))),
  selfRegistration: lazy(() =>
    import('../registration/AccountPages').then((m) => ({ default: m.SelfRegistrationPage })),
  ),
  registrationConfirm: lazy(() =>
    import('../registration/AccountPages').then((m) => ({ default: m.RegistrationConfirmPage })),
  ),
  registration: lazy(() => import('../registration/AccountPages').then((m) => ({ default: m.RegistrationPage }))),
  conversations: lazy(() =>
    import('../conversations/ConversationsPage').then((m) => ({ default: m.ConversationsPage })),
  ),
  conversation: lazy(() => import('../conversations/ConversationPage').then((m) => ({ default: m.ConversationPage }))),
  announces: lazy(() => import('../announces/AnnouncesPage').then((m) => ({ default: m.AnnouncesPage }))),
  announceForm: lazy(() => import('../announces/AnnounceFormPage').then((m) => ({ default: m.AnnounceFormPage }))),
  announce: lazy(() => import('../announces/PollPage').then((m) => ({ default: m.PollPage }))),
  announceResponses: lazy(() => import('../announces/ResponsesPage').then((m) => ({ default: m.ResponsesPage }))),
  emergencyAlerts: lazy(() => import('../emergency/AlertsPage').then((m) => ({ default: m.AlertsPage }))),
  emergencyAlertForm: lazy(() => import('../emergency/AlertFormPage').then((m) => ({ default: m.AlertFormPage }))),
  devices: lazy(() => import('../devices/DevicesPage').then((m) => ({ default: m.DevicesPage }))),
  deviceForm: lazy(() => import('../devices/DeviceFormPage').then((m) => ({ default: m.DeviceFormPage }))),
  deviceSearch: lazy(() => import('../device-search/DeviceSearchPage').then((m) => ({ default: m.DeviceSearchPage }))),
  remoteControl: lazy(() =>
    import('../remote-control/RemoteControlPage').then((m) => ({ default: m.RemoteControlPage })),
  ),
};

function LazyPage({ page }: { page: PageKey }) {
  const { t } = useTranslation('common');
  const Page = PAGES[page];
  return (
    <Suspense fallback={<PageSpinner label={t('state.loading')} />}>
      <Page />
    </Suspense>
  );
}

function toRoute(def: RouteDef): RouteObject {
  const handle: RouteHandle = { title: def.title };
  const element = def.page ? <LazyPage page={def.page} /> : <NotBuiltPage title={def.title} path={def.path} />;
  return { path: def.path, element, handle };
}

const routesOf = (access: RouteAccess) => ROUTE_TABLE.filter((r) => r.access === access).map(toRoute);

/**
 * React Router objects for the table: the layout holds everything but the
 * standalone pages; each access kind sits under its guard (2.2). Unknown paths
 * fall to the not-found page, behind login.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        { element: <RequireAuth />, children: routesOf('standalone') },
        {
          element: <Layout />,
          children: [
            // A page that fails (its chunk lost with the connection) keeps the shell: the menu and the
            // connection banner stay, so people see why and where to go.
            { errorElement: <RouteErrorPage />, children: layoutChildren() },
          ],
        },
      ],
    },
  ];
}

/** The routes inside the layout, each access kind under its guard. */
function layoutChildren(): RouteObject[] {
  return [
    {
      element: <RequireLoggedOut />,
      children: [{ index: true, element: <Navigate to={LOGIN_PATH} replace /> }, ...routesOf('loggedOut')],
    },
    { element: <ChooseProjectGate />, children: routesOf('choose') },
    ...routesOf('any'),
    {
      element: <RequireAuth />,
      children: [
        ...routesOf('auth'),
        { path: '*', element: <NotFoundPage />, handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle },
      ],
    },
  ];
}
