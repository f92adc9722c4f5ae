import { type CallDeclaration, mayCall, permissionsOf } from './call';
import type { LicensedFeatures } from './entities/server-settings';
import { CALLS, type CallKey } from './http';
import { hasAnyPermission, type Permission } from './permissions';

/**
 * Side menu of 2.4 and 6.4: each entry is shown only when its licence and its
 * permission both allow it, read from the declaration of the call that loads
 * its page where there is one. Pure data and one pure function, so the
 * console, the server's home counts and the tests read the same table.
 */
export type MenuCategoryId =
  | 'common'
  | 'reports'
  | 'users'
  | 'access'
  | 'communications'
  | 'amenities'
  | 'emergency'
  | 'phone'
  | 'devices'
  | 'elevators'
  | 'settings';

export interface MenuEntry {
  /** Route path; also the i18n key under `menu:entries`. */
  path: string;
  /** The call that loads the entry's page: the entry is gated by its declaration (`mayCall`). */
  call?: CallKey;
  /**
   * Any one of these grants the entry; an empty list means "always, with a profile". For an
   * entry with a `call` this is the call's permissions (the server's home counts read it).
   */
  anyOf: readonly Permission[];
  /** Every listed feature must be licensed. */
  licences?: readonly (keyof LicensedFeatures)[];
}

export interface MenuCategory {
  id: MenuCategoryId;
  entries: readonly MenuEntry[];
}

/** An entry whose page is built: visible exactly when the call that loads the page may be made. */
function page(path: string, call: CallKey): MenuEntry {
  const declaration: CallDeclaration = CALLS[call];
  const { access } = declaration;
  const licences = access.kind === 'member' || access.kind === 'permission' ? access.licences : undefined;
  return { path, call, anyOf: permissionsOf(declaration) ?? [], ...(licences ? { licences } : {}) };
}

/**
 * An entry whose page is not built yet, so no call loads it: the condition of
 * 2.4 and 6.4 written out until its area declares its calls.
 */
function planned(
  path: string,
  anyOf: readonly Permission[],
  licences?: readonly (keyof LicensedFeatures)[],
): MenuEntry {
  return licences ? { path, anyOf, licences } : { path, anyOf };
}

/**
 * 2.4 and 6.4. Built pages take their condition from the call that loads them
 * (licences included, e.g. /sip-trunks ← GET /sip-trunks/items needs SIP and
 * trunks licensed), so the menu never offers a page whose list the server
 * would refuse. Entries of areas not built yet (devices, elevators, access
 * management, reports, most of settings) spell out 6.4's condition.
 */
export const MENU: readonly MenuCategory[] = [
  {
    id: 'common',
    entries: [page('/home', 'GET /home/counts'), page('/notifications', 'GET /notifications/items')],
  },
  { id: 'reports', entries: [page('/reports/licenses', 'GET /reports/licenses/used')] },
  {
    id: 'users',
    entries: [
      // 6.4 leaves the code for users and groups open: their list calls decide (docs/decisions.md).
      page('/users', 'GET /users/items'),
      page('/roles', 'GET /roles/items'),
      page('/groups', 'GET /domains/items'),
    ],
  },
  {
    id: 'access',
    entries: [
      page('/guest-access', 'GET /guest-access/keys/items'),
      page('/schedules', 'GET /time-rules/items'),
      page('/access-rules', 'GET /access-rules/items'),
      page('/identifiers', 'GET /identifiers/items'),
      page('/access-matrix', 'GET /access-matrix/items'),
      page('/access-control/events', 'GET /access-control/events/items'),
      page('/ukey2', 'GET /ukey2/items'),
    ],
  },
  {
    id: 'communications',
    entries: [
      page('/conversations', 'GET /conversations/items'),
      page('/announces', 'GET /announces/items'),
      page('/announces/response', 'GET /announces/responses/items'),
    ],
  },
  {
    id: 'amenities',
    entries: [
      // 6.4: amenity licensed and a view permission at any scope — what their list calls declare.
      page('/amenities', 'GET /amenities/items'),
      page('/amenities/reservations', 'GET /amenities/reservations/items'),
    ],
  },
  {
    id: 'emergency',
    entries: [
      page('/devices/alarms', 'GET /alarms/items'),
      page('/devices/alarms-calls', 'GET /alarms/calls/items'),
      page('/emergency-alerts', 'GET /emergency-alerts/items'),
    ],
  },
  {
    id: 'phone',
    entries: [
      page('/virtual-numbers', 'GET /sip-numbers/items'),
      page('/forward-rules', 'GET /forward-rules/items'),
      page('/call-history', 'GET /calls/history/items'),
      page('/sip-trunks', 'GET /sip-trunks/items'),
    ],
  },
  {
    id: 'devices',
    entries: [
      page('/devices', 'GET /devices/items'),
      page('/devices/events', 'GET /devices/events/items'),
      page('/devices/tasks', 'GET /devices/tasks/items'),
    ],
  },
  {
    id: 'elevators',
    entries: [
      page('/elevators', 'GET /elevators/items'),
      page('/elevators/events', 'GET /elevators/events/items'),
      page('/elevators/access-rules', 'GET /elevators/access-rules/items'),
    ],
  },
  {
    id: 'settings',
    entries: [
      page('/audit-events', 'GET /audit-events/items'),
      planned('/backups', ['backups.view']),
      page('/general-settings', 'GET /project/general'),
      page('/mail-templates', 'GET /mail-templates/items'),
      page('/licenses', 'GET /licenses/items'),
      page('/ip-blocking', 'GET /ip-blocking/bans/items'),
      page('/system-info', 'GET /system/info'),
    ],
  },
];

/** Whether one entry is visible for these permissions and licensed features. */
export function isMenuEntryVisible(
  entry: MenuEntry,
  permissions: readonly string[],
  features: LicensedFeatures | null,
): boolean {
  if (entry.call) return mayCall(CALLS[entry.call], permissions, features);
  const licensed = (entry.licences ?? []).every((f) => features?.[f] === true);
  const permitted = entry.anyOf.length === 0 || hasAnyPermission(permissions, entry.anyOf);
  return licensed && permitted;
}

/** The menu as a user sees it: categories with at least one visible entry. */
export function visibleMenu(permissions: readonly string[], features: LicensedFeatures | null): MenuCategory[] {
  return MENU.map((c) => ({
    id: c.id,
    entries: c.entries.filter((e) => isMenuEntryVisible(e, permissions, features)),
  })).filter((c) => c.entries.length > 0);
}
