/**
 * The permission catalogue of section 6.2. A role holds a list of these strings;
 * a permission holds for a user only if its string is in the role's list (6.1).
 * Codes are `<family>.<action>`; scope variants end in `_all`, `_descendants`,
 * `_domain` (own group) or `_own`.
 */
export const PERMISSION_FAMILIES = {
  project: [
    'project.view_settings',
    'project.change_settings',
    'project.view_management_company',
    'project.import_device_backup',
  ],
  domains: [
    'domains.view_all',
    'domains.create_root',
    'domains.create_descendants',
    'domains.edit_all',
    'domains.edit_descendants',
    'domains.delete_all',
    'domains.delete_own',
    'domains.delete_descendants',
    'domains.view_descendants',
    'domains.view_self',
    'domains.view_own',
  ],
  self_domain: [
    'self_domain.manage_general',
    'self_domain.manage_users',
    'self_domain.manage_access_rules',
    'self_domain.manage_devices',
    'self_domain.manage_notifications',
    'self_domain.manage_white_label',
    'self_domain.manage_mail_templates',
    'self_domain.manage_forward_settings',
    'self_domain.manage_guest_access',
    'self_domain.manage_sip_trunks',
    'self_domain.manage_integrations',
  ],
  users: [
    'users.create',
    'users.delete',
    'users.view',
    'users.view_all',
    'users.edit_profile',
    'users.edit_all',
    'users.edit_licences',
    'users.view_licences',
  ],
  roles: [
    'roles.view',
    'roles.view_users',
    'roles.view_all',
    'roles.create',
    'roles.edit',
    'roles.edit_available',
    'roles.edit_users_role',
    'roles.edit_all',
    'roles.delete',
    'roles.delete_available',
    'roles.delete_all',
    'roles.grant_more_than_own',
  ],
  devices: [
    'devices.create',
    'devices.edit',
    'devices.delete',
    'devices.view',
    'devices.view_descendants',
    'devices.view_all',
    'devices.view_tasks',
    'devices.view_events',
  ],
  device_alarms: ['device_alarms.view', 'device_alarms.process', 'device_alarms.delete'],
  elevators: ['elevators.create', 'elevators.edit', 'elevators.delete', 'elevators.view', 'elevators.view_all'],
  elevator_access_rules: [
    'elevator_access_rules.create',
    'elevator_access_rules.edit',
    'elevator_access_rules.delete',
    'elevator_access_rules.view_own',
    'elevator_access_rules.view_all',
  ],
  schedules: ['schedules.view', 'schedules.view_all', 'schedules.create', 'schedules.edit', 'schedules.delete'],
  access_rules: [
    'access_rules.view',
    'access_rules.view_all',
    'access_rules.create',
    'access_rules.edit',
    'access_rules.delete',
  ],
  conversations: [
    'conversations.view',
    'conversations.view_all',
    'conversations.view_descendants',
    'conversations.send_to_all',
    'conversations.create',
    'conversations.create_message',
    'conversations.delete',
    'conversations.accept_from_descendants',
  ],
  announces: [
    'announces.create',
    'announces.edit',
    'announces.delete',
    'announces.send',
    'announces.view',
    'announces.view_all',
  ],
  forward_rules: ['forward_rules.view', 'forward_rules.create', 'forward_rules.edit', 'forward_rules.delete'],
  identifiers: [
    'identifiers.view_all',
    'identifiers.create',
    'identifiers.edit',
    'identifiers.delete',
    'identifiers.create_guest',
    'identifiers.import',
    'identifiers.export',
  ],
  ukey2: ['ukey2.view', 'ukey2.issue', 'ukey2.revoke'],
  sip_numbers: [
    'sip_numbers.create',
    'sip_numbers.edit',
    'sip_numbers.delete',
    'sip_numbers.activate',
    'sip_numbers.mark_system',
    'sip_numbers.view_all',
    'sip_numbers.view',
    'sip_numbers.view_descendants',
  ],
  sip_trunks: [
    'sip_trunks.create',
    'sip_trunks.view_all',
    'sip_trunks.view_domain',
    'sip_trunks.view_descendants',
    'sip_trunks.view_own',
    'sip_trunks.edit',
    'sip_trunks.delete',
  ],
  emergency_alerts: [
    'emergency_alerts.view',
    'emergency_alerts.create',
    'emergency_alerts.edit',
    'emergency_alerts.delete',
    'emergency_alerts.playback',
  ],
  markers: ['markers.view', 'markers.view_all', 'markers.create', 'markers.edit', 'markers.delete', 'markers.apply'],
  amenities: [
    'amenities.view_all',
    'amenities.view_domain',
    'amenities.view_descendants',
    'amenities.view_own',
    'amenities.edit_all',
    'amenities.edit_domain',
    'amenities.edit_descendants',
    'amenities.edit_own',
    'amenities.delete_all',
    'amenities.delete_domain',
    'amenities.delete_descendants',
    'amenities.delete_own',
  ],
  amenity_reservations: [
    'amenity_reservations.view_all',
    'amenity_reservations.view_domain',
    'amenity_reservations.view_descendants',
    'amenity_reservations.view_own',
    'amenity_reservations.edit_all',
    'amenity_reservations.edit_domain',
    'amenity_reservations.edit_descendants',
    'amenity_reservations.edit_own',
    'amenity_reservations.delete_all',
    'amenity_reservations.delete_domain',
    'amenity_reservations.delete_descendants',
    'amenity_reservations.delete_own',
    'amenity_reservations.view_logs',
  ],
  licences: [
    'licences.view',
    'licences.manage',
    'licences.view_own',
    'licences.view_descendants',
    'licences.view_all',
    'licences.edit_group_counts',
  ],
  backups: [
    'backups.create',
    'backups.delete',
    'backups.view',
    'backups.apply',
    'backups.apply_file',
    'backups.download',
  ],
  calls: [
    'calls.view_history',
    'calls.call_all',
    'calls.call_domain',
    'calls.call_descendants',
    'calls.call_panel',
    'calls.interception',
  ],
  concierge: ['concierge.reception'],
  audit: ['audit.view'],
  system: ['system.view_info', 'system.view_acs_events', 'system.view_domain_types', 'system.view_licence_report'],
} as const;

export type PermissionFamily = keyof typeof PERMISSION_FAMILIES;
export type Permission = (typeof PERMISSION_FAMILIES)[PermissionFamily][number];

/** Every permission string, in catalogue order. */
export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_FAMILIES).flat();

const known = new Set<string>(ALL_PERMISSIONS);
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** True when the list grants the permission (6.1: no user, no permission). */
export function hasPermission(granted: readonly string[] | undefined, permission: Permission): boolean {
  return granted?.includes(permission) ?? false;
}

/** True when any of the permissions is granted. */
export function hasAnyPermission(granted: readonly string[] | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((p) => hasPermission(granted, p));
}
