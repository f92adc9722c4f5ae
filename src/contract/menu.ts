import type { LicensedFeatures } from './entities/server-settings';
import { hasAnyPermission, type Permission } from './permissions';

/**
 * Side menu of 2.4 and 6.4: each entry is shown only when its licence and its
 * permission both allow it. Pure data and one pure function, so the console,
 * the server's home counts and the tests read the same table.
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
  /** Any one of these grants the entry; an empty list means "always, with a profile". */
  anyOf: readonly Permission[];
  /** Every listed feature must be licensed. */
  licences?: readonly (keyof LicensedFeatures)[];
}

export interface MenuCategory {
  id: MenuCategoryId;
  entries: readonly MenuEntry[];
}

const amenityScopes: Permission[] = [
  'amenities.view_all',
  'amenities.view_domain',
  'amenities.view_descendants',
  'amenities.view_own',
];
const reservationScopes: Permission[] = [
  'amenity_reservations.view_all',
  'amenity_reservations.view_domain',
  'amenity_reservations.view_descendants',
  'amenity_reservations.view_own',
];
const roleViews: Permission[] = ['roles.view', 'roles.view_users', 'roles.view_all'];

export const MENU: readonly MenuCategory[] = [
  {
    id: 'common',
    entries: [
      { path: '/home', anyOf: [] },
      { path: '/notifications', anyOf: [] },
    ],
  },
  { id: 'reports', entries: [{ path: '/reports/licenses', anyOf: ['system.view_licence_report'] }] },
  {
    id: 'users',
    entries: [
      // 6.4 leaves the code for users and groups open; we gate them like 2.4 does roles
      // plus their own view permissions (docs/decisions.md).
      { path: '/users', anyOf: [...roleViews, 'users.view', 'users.view_all'] },
      { path: '/roles', anyOf: roleViews },
      {
        path: '/groups',
        anyOf: [...roleViews, 'domains.view_all', 'domains.view_descendants', 'domains.view_self', 'domains.view_own'],
      },
    ],
  },
  {
    id: 'access',
    entries: [
      { path: '/guest-access', anyOf: ['identifiers.create_guest'], licences: ['guest_access'] },
      { path: '/schedules', anyOf: ['schedules.view', 'schedules.view_all'] },
      { path: '/access-rules', anyOf: ['access_rules.view', 'access_rules.view_all'] },
      { path: '/identifiers', anyOf: ['identifiers.view_all'] },
      { path: '/access-matrix', anyOf: ['access_rules.view', 'access_rules.view_all'] },
      { path: '/access-control/events', anyOf: ['system.view_acs_events'] },
      { path: '/ukey2', anyOf: ['ukey2.view'], licences: ['ukey2'] },
    ],
  },
  {
    id: 'communications',
    entries: [
      {
        path: '/conversations',
        anyOf: ['conversations.view', 'conversations.view_all', 'conversations.view_descendants'],
      },
      { path: '/announces', anyOf: ['announces.view', 'announces.view_all'] },
      { path: '/announces/response', anyOf: ['announces.view', 'announces.view_all'] },
    ],
  },
  {
    id: 'amenities',
    entries: [
      { path: '/amenities', anyOf: amenityScopes, licences: ['amenity'] },
      { path: '/amenities/reservations', anyOf: reservationScopes, licences: ['amenity'] },
    ],
  },
  {
    id: 'emergency',
    entries: [
      { path: '/devices/alarms', anyOf: ['device_alarms.view'] },
      { path: '/devices/alarms-calls', anyOf: ['device_alarms.view'] },
      { path: '/emergency-alerts', anyOf: ['emergency_alerts.view'] },
    ],
  },
  {
    id: 'phone',
    entries: [
      {
        path: '/virtual-numbers',
        anyOf: ['sip_numbers.view', 'sip_numbers.view_all', 'sip_numbers.view_descendants'],
        licences: ['sip'],
      },
      { path: '/forward-rules', anyOf: ['forward_rules.view'] },
      { path: '/call-history', anyOf: ['calls.view_history'] },
      {
        path: '/sip-trunks',
        anyOf: ['sip_trunks.view_all', 'sip_trunks.view_domain', 'sip_trunks.view_descendants', 'sip_trunks.view_own'],
        licences: ['sip', 'sip_trunks'],
      },
    ],
  },
  {
    id: 'devices',
    entries: [
      { path: '/devices', anyOf: ['devices.view', 'devices.view_descendants', 'devices.view_all'] },
      { path: '/devices/events', anyOf: ['devices.view_events'] },
      { path: '/devices/tasks', anyOf: ['devices.view_tasks'] },
    ],
  },
  {
    id: 'elevators',
    entries: [
      { path: '/elevators', anyOf: ['elevators.view', 'elevators.view_all'], licences: ['elevator'] },
      { path: '/elevators/events', anyOf: ['elevators.view', 'elevators.view_all'], licences: ['elevator'] },
      {
        path: '/elevators/access-rules',
        anyOf: ['elevator_access_rules.view_own', 'elevator_access_rules.view_all'],
        licences: ['elevator'],
      },
    ],
  },
  {
    id: 'settings',
    entries: [
      { path: '/audit-events', anyOf: ['audit.view'] },
      { path: '/backups', anyOf: ['backups.view'] },
      { path: '/general-settings', anyOf: ['project.view_settings'] },
      { path: '/licenses', anyOf: ['licences.view'] },
      { path: '/system-info', anyOf: ['system.view_info'] },
    ],
  },
];

/** Whether one entry is visible for these permissions and licensed features. */
export function isMenuEntryVisible(
  entry: MenuEntry,
  permissions: readonly string[],
  features: LicensedFeatures | null,
): boolean {
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
