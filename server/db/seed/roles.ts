import { ALL_PERMISSIONS, PERMISSION_FAMILIES, type Permission } from '../../../src/contract/permissions';

/** Families the staff role leaves to administrators: project setup, backups, licences, system and audit. */
const ADMIN_ONLY_FAMILIES = ['project', 'backups', 'licences', 'system', 'audit'] as const;
const adminOnly = new Set<Permission>([
  ...ADMIN_ONLY_FAMILIES.flatMap((f) => PERMISSION_FAMILIES[f]),
  'roles.grant_more_than_own',
]);

/** The demo roles of the first project, by name. Tests read them to know what each demo user may do. */
export const ROLE_PRESETS = {
  admin: [...ALL_PERMISSIONS],
  staff: ALL_PERMISSIONS.filter((p) => !adminOnly.has(p)),
  concierge: [
    'users.view',
    'domains.view_descendants',
    'conversations.view',
    'conversations.create',
    'conversations.create_message',
    // Residents below the concierge's groups may start conversations with them (docs/decisions.md).
    'conversations.accept_from_descendants',
    'calls.view_history',
    'calls.call_all',
    'calls.interception',
    'concierge.reception',
    'device_alarms.view',
    'sip_numbers.view',
    'announces.view',
    // The front desk books shared spaces for residents and sees every booking (issue 13).
    'amenities.view_all',
    'amenity_reservations.view_all',
    'amenity_reservations.edit_all',
    'amenity_reservations.view_logs',
  ],
  resident: [
    'conversations.view',
    'conversations.create',
    'conversations.create_message',
    'announces.view',
    // Residents see the amenities of their groups and book, change and cancel their own reservations.
    'amenities.view_domain',
    'amenity_reservations.view_own',
    'amenity_reservations.edit_own',
    'amenity_reservations.view_logs',
  ],
} satisfies Record<string, Permission[]>;

export type RolePresetName = keyof typeof ROLE_PRESETS;

/** Human descriptions of the demo roles. */
export const ROLE_DESCRIPTIONS: Record<RolePresetName, string> = {
  admin: 'Full access to the project, its settings, licences and backups.',
  staff: 'Manages users, groups, devices and access; no project settings, licences, backups or audit.',
  concierge: 'Takes door calls, intercepts calls, talks to residents and books shared spaces for them.',
  resident: 'Reads announcements, writes to the concierge and books shared spaces.',
};

/** Roles each demo role may assign (6.1 "Available Profiles"). */
export const AVAILABLE_ROLES: Record<RolePresetName, RolePresetName[]> = {
  admin: ['admin', 'staff', 'concierge', 'resident'],
  staff: ['staff', 'concierge', 'resident'],
  concierge: [],
  resident: [],
};
