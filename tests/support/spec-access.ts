import type { Permission } from '../../src/contract/permissions';

/**
 * Who may make each call, written by hand from section 6.2 of the spec (and
 * the decisions in docs/decisions.md where 6.2 is silent), NOT read from the
 * contract: the permission-matrix test compares what the server does with
 * this table. A call added to the contract without a line here fails that
 * test until someone decides, from the spec, who may make it.
 *
 * - `public`: anyone, no token;
 * - `member`: any logged-in member (the call touches only the caller's own data);
 * - a list: a member whose role holds any one of these permissions
 *   (`licensed` adds the features that must be licensed, 6.2 "needs SIP enabled").
 */
export type SpecAccess = 'public' | 'member' | { anyOf: readonly Permission[]; licensed?: readonly string[] };

const any = (...anyOf: Permission[]) => ({ anyOf });
const sip = (...anyOf: Permission[]) => ({ anyOf, licensed: ['sip'] });
const trunks = (...anyOf: Permission[]) => ({ anyOf, licensed: ['sip', 'sip_trunks'] });
const elevators = (...anyOf: Permission[]) => ({ anyOf, licensed: ['elevator'] });
const amenity = (...anyOf: Permission[]) => ({ anyOf, licensed: ['amenity'] });
// 6.2 Amenities, amenity reservations, reservation logs: view, edit, delete with scopes all, domain,
// descendants, own. No "create": adding one is an edit at some scope (docs/decisions.md, Amenities).
const scoped = (family: 'amenities' | 'amenity_reservations', action: 'view' | 'edit' | 'delete') =>
  amenity(...(['all', 'domain', 'descendants', 'own'] as const).map((s) => `${family}.${action}_${s}` as Permission));
const amenitiesView = scoped('amenities', 'view');
const amenitiesEdit = scoped('amenities', 'edit');
const amenitiesDelete = scoped('amenities', 'delete');
const reservationsView = scoped('amenity_reservations', 'view');
const reservationsEdit = scoped('amenity_reservations', 'edit');
const reservationsDelete = scoped('amenity_reservations', 'delete');
const ukey2 = (...anyOf: Permission[]) => ({ anyOf, licensed: ['ukey2'] });
const guests = (...anyOf: Permission[]) => ({ anyOf, licensed: ['guest_access'] });

// 6.2 Users: create, delete, view, view all, edit profile, edit all.
const usersView = any('users.view', 'users.view_all');
// 6.2 Roles: view, view users' roles, view all; edit, edit available, edit all; delete, delete available, delete all.
const rolesView = any('roles.view', 'roles.view_users', 'roles.view_all');
const rolesEdit = any('roles.edit', 'roles.edit_available', 'roles.edit_all');
const rolesDelete = any('roles.delete', 'roles.delete_available', 'roles.delete_all');
// 6.2 Groups: view all, descendants, self, own; create root / descendants; edit all / descendants
// (plus the self-group management permissions that change a group's own settings); delete all / own / descendant.
const groupsView = any('domains.view_all', 'domains.view_descendants', 'domains.view_self', 'domains.view_own');
const groupsCreate = any('domains.create_root', 'domains.create_descendants');
const groupsEdit = any(
  'domains.edit_all',
  'domains.edit_descendants',
  'self_domain.manage_general',
  'self_domain.manage_users',
  'self_domain.manage_white_label',
  'self_domain.manage_guest_access',
  'self_domain.manage_notifications',
);
const groupsDelete = any('domains.delete_all', 'domains.delete_descendants', 'domains.delete_own');
// 6.2 System "view group types"; decided: whoever views or creates groups reads the types too.
const groupTypesView = any(
  'system.view_domain_types',
  'domains.view_all',
  'domains.view_descendants',
  'domains.view_self',
  'domains.create_root',
  'domains.create_descendants',
);
// Decided: custom group types are project structure, kept by those who edit every group.
const groupTypesWrite = any('domains.edit_all');
const markersView = any('markers.view', 'markers.view_all');
const identifiersView = any(
  'identifiers.view_all',
  'identifiers.create',
  'identifiers.edit',
  'identifiers.delete',
  'identifiers.create_guest',
  'identifiers.import',
  'identifiers.export',
);
const devicesView = any('devices.view', 'devices.view_descendants', 'devices.view_all', 'self_domain.manage_devices');
// 6.2 Virtual numbers: view, view descendant, view all; needs SIP enabled.
const numbersView = sip('sip_numbers.view', 'sip_numbers.view_descendants', 'sip_numbers.view_all');
// 6.2 SIP trunks with scopes all, domain, descendants, own; self-domain management "SIP trunks".
const trunksView = trunks(
  'sip_trunks.view_all',
  'sip_trunks.view_domain',
  'sip_trunks.view_descendants',
  'sip_trunks.view_own',
  'self_domain.manage_sip_trunks',
);
// 6.2 Calls: concierge reception and interception (concierge-like) work the queue; doors for the panel callers.
const callQueue = any('concierge.reception', 'calls.interception');
const doors = any('concierge.reception', 'calls.call_panel');
const conversationsView = any('conversations.view', 'conversations.view_descendants', 'conversations.view_all');
const announcesView = any('announces.view', 'announces.view_all');
const alertsWrite = any('emergency_alerts.create', 'emergency_alerts.edit');
// 6.2 Project: view and change project settings (IP blocking sits under Settings: decided).
const settingsView = any('project.view_settings');
const settingsChange = any('project.change_settings');
const settingsRead = any('project.view_settings', 'project.change_settings');
const templatesGroup = any('domains.edit_all', 'domains.edit_descendants', 'self_domain.manage_mail_templates');
const templatesWrite = any(
  'project.change_settings',
  'domains.edit_all',
  'domains.edit_descendants',
  'self_domain.manage_mail_templates',
);
// 6.3 Integrations: written like mail templates (project level or a group's); read by settings readers,
// group editors, and device editors (who choose a door's integration).
const integrationsWrite = any(
  'project.change_settings',
  'domains.edit_all',
  'domains.edit_descendants',
  'self_domain.manage_integrations',
);
const integrationsView = any(
  'project.view_settings',
  'project.change_settings',
  'domains.edit_all',
  'domains.edit_descendants',
  'self_domain.manage_integrations',
  'devices.create',
  'devices.edit',
);
const templatesView = any(
  'project.view_settings',
  'project.change_settings',
  'domains.edit_all',
  'domains.edit_descendants',
  'self_domain.manage_mail_templates',
);

export const SPEC_ACCESS: Record<string, SpecAccess> = {
  // 7.2 Session, registration and recovery: before login.
  'POST /login': 'public',
  'POST /refresh-tokens': 'public',
  'GET /registration/{token}': 'public',
  'POST /registration': 'public',
  'POST /password/recovery': 'public',
  'POST /password/reset': 'public',
  'POST /registration/self': 'public',
  'POST /registration/simple': 'public',
  'GET /registration/confirm/{token}': 'public',
  'POST /registration/confirm': 'public',
  'POST /registration/confirm/{token}/resend': 'public',
  'GET /frontend/server/settings': 'public',
  'GET /frontend/resources/meta': 'public',
  'GET /countries': 'public',
  'GET /info': 'public',
  'GET /terms/{locale}.html': 'public',
  'GET /ws': 'public',
  // Pictures and audio by unguessable name (decided): <img> and <audio> send no token.
  'GET /uploads/avatars/{file}': 'public',
  'GET /uploads/emergency-audio/{file}': 'public',
  // 6.1 "A user may edit the own profile": one's own profile, password, account, session.
  'POST /logout': 'member',
  'GET /profile': 'member',
  'PATCH /profile': 'member',
  'POST /profile/password': 'member',
  'PATCH /profile/mobile-client/popup/active': 'member',
  'DELETE /account': 'member',
  // 6.4: /home and /notifications always, with a profile.
  'GET /home/counts': 'member',
  'GET /notifications/unread': 'member',
  'GET /notifications/items': 'member',
  'POST /notifications/read': 'member',
  'GET /notifications/settings': 'member',
  'POST /notifications/settings': 'member',
  // 6.2 System: view system info.
  'GET /system/info': any('system.view_info'),

  // Users.
  'POST /registration/invite/send': any('users.create', 'users.edit_all'),
  'GET /users/items': usersView,
  'GET /users/{id}': usersView,
  'GET /users/export': usersView,
  'PUT /users': any('users.create'),
  'PATCH /users/{id}': any('users.edit_all', 'users.edit_profile'),
  'DELETE /users/{id}': any('users.delete'),
  'POST /users/delete-all': any('users.delete'),
  'POST /users/{id}/password': any('users.edit_all'),
  // Decided: a user's mobile clients are part of the user's page (users view).
  'GET /users/{id}/mobile-clients': usersView,
  'POST /users/{id}/avatar': any('users.edit_all', 'users.edit_profile'),
  'DELETE /users/{id}/avatar': any('users.edit_all', 'users.edit_profile'),
  // Decided (2.5 batch upload, export/import by group): a group's users in and out. Uploading
  // creates users or attaches existing ones (edits them); exporting lists them.
  'POST /domains/{id}/import/users': any('users.create', 'users.edit_all'),
  'GET /domains/{id}/export/users': usersView,

  // Roles.
  'GET /roles/items': rolesView,
  'GET /roles/{id}': rolesView,
  'PUT /roles': any('roles.create'),
  'PATCH /roles/{id}': rolesEdit,
  'DELETE /roles/{id}': rolesDelete,
  'POST /roles/delete-all': rolesDelete,

  // Groups (domains) and their structure.
  'GET /domains/items': groupsView,
  'GET /domains/{id}': groupsView,
  'GET /domains/export': groupsView,
  'GET /domains/items/completely': groupsView,
  'GET /domains/{id}/items': groupsView,
  'GET /domains/branch': groupsView,
  'GET /domains/{id}/floors-and-apartments': groupsView,
  // Decided: the structure export lists people; "own" groups alone do not open it.
  'GET /domains/{id}/export/structure': any('domains.view_all', 'domains.view_descendants', 'domains.view_self'),
  'PUT /domains': groupsCreate,
  'POST /domains/generate/tree': groupsCreate,
  'POST /domains/generate/save': groupsCreate,
  'POST /domains/{id}/import/structure': groupsCreate,
  'PATCH /domains/{id}': groupsEdit,
  'DELETE /domains/{id}': groupsDelete,
  'POST /domains/delete-all': groupsDelete,
  'GET /domain-types/items': groupTypesView,
  'GET /domain-types/{id}': groupTypesView,
  'PUT /domain-types': groupTypesWrite,
  'PATCH /domain-types/{id}': groupTypesWrite,
  'DELETE /domain-types/{id}': groupTypesWrite,
  'POST /domain-types/delete-all': groupTypesWrite,

  // Markers: view, view all, create, edit, delete, apply to user.
  'GET /markers/items': markersView,
  'GET /markers/{id}': markersView,
  'GET /markers/export': markersView,
  'PUT /markers': any('markers.create'),
  'PATCH /markers/{id}': any('markers.edit'),
  'DELETE /markers/{id}': any('markers.delete'),
  'POST /markers/delete-all': any('markers.delete'),
  'POST /markers/apply': any('markers.apply'),

  // Virtual (SIP) numbers: needs SIP enabled.
  'GET /sip-numbers/items': numbersView,
  'GET /sip-numbers/{id}': numbersView,
  'GET /sip-numbers/export': numbersView,
  'GET /sip-numbers/generate': sip('sip_numbers.create', 'sip_numbers.edit'),
  'PUT /sip-numbers': sip('sip_numbers.create'),
  'PATCH /sip-numbers/{id}': sip('sip_numbers.edit'),
  'DELETE /sip-numbers/{id}': sip('sip_numbers.delete'),
  'POST /sip-numbers/delete-all': sip('sip_numbers.delete'),
  // The dialer's own phone book and call cards (7.6, 7.11): the contacts rule decides what they show.
  'GET /sip-numbers/contacts': { anyOf: [], licensed: ['sip'] },
  'GET /sip-numbers/call-info': { anyOf: [], licensed: ['sip'] },

  // Forward rules (rule sets and groups): view, create, edit, delete.
  'GET /forward-rules/items': any('forward_rules.view'),
  'GET /forward-rules/{id}': any('forward_rules.view'),
  'PUT /forward-rules': any('forward_rules.create'),
  'PATCH /forward-rules/{id}': any('forward_rules.edit'),
  'DELETE /forward-rules/{id}': any('forward_rules.delete'),
  'POST /forward-rules/delete-all': any('forward_rules.delete'),
  'GET /forward-groups/items': any('forward_rules.view'),
  'GET /forward-groups/{id}': any('forward_rules.view'),
  'PUT /forward-groups': any('forward_rules.create'),
  'PATCH /forward-groups/{id}': any('forward_rules.edit'),
  'DELETE /forward-groups/{id}': any('forward_rules.delete'),
  'POST /forward-groups/delete-all': any('forward_rules.delete'),

  // SIP trunks: SIP and trunk licensed (6.4).
  'GET /sip-trunks/items': trunksView,
  'GET /sip-trunks/{id}': trunksView,
  'PUT /sip-trunks': trunks('sip_trunks.create', 'self_domain.manage_sip_trunks'),
  'PATCH /sip-trunks/{id}': trunks('sip_trunks.edit', 'self_domain.manage_sip_trunks'),
  'DELETE /sip-trunks/{id}': trunks('sip_trunks.delete', 'self_domain.manage_sip_trunks'),
  'POST /sip-trunks/delete-all': trunks('sip_trunks.delete', 'self_domain.manage_sip_trunks'),

  // Devices (6.2): view, view descendant, view all; create, edit, delete; self-group management "devices".
  'GET /devices/items': devicesView,
  'GET /devices/{id}': devicesView,
  'PUT /devices': any('devices.create', 'self_domain.manage_devices'),
  'PATCH /devices/{id}': any('devices.edit', 'self_domain.manage_devices'),
  'DELETE /devices/{id}': any('devices.delete', 'self_domain.manage_devices'),
  'POST /devices/delete-all': any('devices.delete', 'self_domain.manage_devices'),
  // Decided: the pool and adding found or pooled devices belong to those who add devices.
  'GET /devices/raw/items': any('devices.create', 'self_domain.manage_devices'),
  'PUT /devices/items/found': any('devices.create', 'self_domain.manage_devices'),
  'PUT /devices/from-pool': any('devices.create', 'self_domain.manage_devices'),
  // 6.2 Elevators: create, edit, delete, view, view all; licensed (2.4, 6.4).
  'GET /elevators/items': elevators('elevators.view', 'elevators.view_all'),
  'GET /elevators/{id}': elevators('elevators.view', 'elevators.view_all'),
  'PUT /elevators': elevators('elevators.create'),
  'PATCH /elevators/{id}': elevators('elevators.edit'),
  'DELETE /elevators/{id}': elevators('elevators.delete'),
  'POST /elevators/delete-all': elevators('elevators.delete'),
  'GET /elevators/{id}/floors': elevators('elevators.view', 'elevators.view_all'),
  // Decided: whoever sees an elevator may call its lift; the controller picker is for those who create or edit.
  'POST /elevators/call/{id}': elevators('elevators.view', 'elevators.view_all'),
  'GET /elevators/controllers/items': elevators('elevators.create', 'elevators.edit'),
  'GET /elevators/events/items': elevators('elevators.view', 'elevators.view_all'),
  'GET /elevators/events/export': elevators('elevators.view', 'elevators.view_all'),
  // 6.2 Elevator access rules: create, edit, delete, view (own), view all; licensed with elevators.
  'GET /elevators/access-rules/items': elevators('elevator_access_rules.view_own', 'elevator_access_rules.view_all'),
  'GET /elevators/access-rules/{id}': elevators('elevator_access_rules.view_own', 'elevator_access_rules.view_all'),
  'PUT /elevators/access-rules': elevators('elevator_access_rules.create'),
  'PATCH /elevators/access-rules/{id}': elevators('elevator_access_rules.edit'),
  'DELETE /elevators/access-rules/{id}': elevators('elevator_access_rules.delete'),
  'POST /elevators/access-rules/delete-all': elevators('elevator_access_rules.delete'),
  // 6.2 Access rules: view, view all, create, edit, delete.
  'GET /access-rules/items': any('access_rules.view', 'access_rules.view_all'),
  'GET /access-rules/{id}': any('access_rules.view', 'access_rules.view_all'),
  'PUT /access-rules': any('access_rules.create'),
  'PATCH /access-rules/{id}': any('access_rules.edit'),
  'DELETE /access-rules/{id}': any('access_rules.delete'),
  'POST /access-rules/delete-all': any('access_rules.delete'),
  // Decided: the rules one may hand on with a guest key are listed for those who grant guest keys or see rules.
  'GET /access-rules/available/items': any('identifiers.create_guest', 'access_rules.view', 'access_rules.view_all'),
  // 6.2 Schedules (time rules): view, view all, create, edit, delete. Decided: the editor's preview is for
  // anyone who sees schedules; the day calendar is read by viewers and changed with edit.
  'GET /time-rules/items': any('schedules.view', 'schedules.view_all'),
  'GET /time-rules/{id}': any('schedules.view', 'schedules.view_all'),
  'PUT /time-rules': any('schedules.create'),
  'PATCH /time-rules/{id}': any('schedules.edit'),
  'DELETE /time-rules/{id}': any('schedules.delete'),
  'POST /time-rules/delete-all': any('schedules.delete'),
  'POST /time-rules/occurrences': any('schedules.view', 'schedules.view_all', 'schedules.create', 'schedules.edit'),
  'GET /time-rules/days/items': any('schedules.view', 'schedules.view_all'),
  'PUT /time-rules/days': any('schedules.edit'),
  'DELETE /time-rules/days/{date}': any('schedules.edit'),
  // Access decisions (issue 12, decided): whoever may view access rules may ask why (the chain names only theirs).
  'GET /access/explain': any('access_rules.view', 'access_rules.view_all'),
  // 6.2 has no matrix permission; decided: whoever sees access rules reads the matrix of their rules.
  'GET /access-matrix/items': any('access_rules.view', 'access_rules.view_all'),
  'GET /access-matrix/download': any('access_rules.view', 'access_rules.view_all'),
  // 6.2 Identifiers: view all, create, edit, delete, create guest identifier, import, export. 6.2 has no
  // plain "view": whoever holds any identifiers permission lists them (without view all: their own).
  'GET /identifiers/items': identifiersView,
  'GET /identifiers/{id}': identifiersView,
  'PUT /identifiers': any('identifiers.create'),
  'PATCH /identifiers/{id}': any('identifiers.edit'),
  'DELETE /identifiers/{id}': any('identifiers.delete'),
  'POST /identifiers/delete-all': any('identifiers.delete'),
  // §4 revoke and the face photo change the identifier: an edit.
  'POST /identifiers/{id}/revoke': any('identifiers.edit'),
  'POST /identifiers/{id}/photo': any('identifiers.edit'),
  'GET /identifiers/{id}/qr': identifiersView,
  'GET /identifiers/export': any('identifiers.export'),
  'POST /identifiers/import': any('identifiers.import'),
  'POST /identifiers/import/continue': any('identifiers.import'),
  'GET /identifiers/{id}/pkpass': identifiersView,
  // 6.2 "create guest identifier"; 2.4/6.4: guest access is licensed.
  'PUT /identifiers/guest': guests('identifiers.create_guest'),
  'PATCH /identifiers/guest/{id}': guests('identifiers.create_guest'),
  // 7.5 Guest access: the granter's keys (the /guest-access page) and the guest page's public calls.
  'GET /guest-access/keys/items': guests('identifiers.create_guest'),
  'GET /guest-access/keys/{id}': guests('identifiers.create_guest'),
  'DELETE /guest-access/keys/{id}': guests('identifiers.create_guest'),
  'POST /guest-access/keys/delete-all': guests('identifiers.create_guest'),
  'POST /guest-access/keys/{id}/revoke': guests('identifiers.create_guest'),
  'GET /guest-access/{key_uid}': 'public',
  'GET /guest-access/{key_uid}/access-rules': 'public',
  'POST /guest-access/{key_uid}/open/{device_token}': 'public',
  'GET /uploads/identifiers/{file}': 'public',
  // 6.2 System "view access-control events (ACS)": the ACS log and its download (7.5).
  'GET /access-control/events/items': any('system.view_acs_events'),
  'GET /access-control/events/export': any('system.view_acs_events'),
  // 6.2 UKEY2: view, issue, revoke; 2.4 "ukey2 licensed": every call needs the licence.
  'GET /ukey2/items': ukey2('ukey2.view'),
  'GET /ukey2/{id}': ukey2('ukey2.view'),
  'POST /ukey2/issue': ukey2('ukey2.issue'),
  'POST /ukey2/{id}/revoke': ukey2('ukey2.revoke'),
  // Device tasks (6.2 "view tasks"); what changes a device's tasks is an edit of the device (decided).
  'GET /devices/tasks/items': any('devices.view_tasks', 'self_domain.manage_devices'),
  'GET /devices/tasks/{id}': any('devices.view_tasks', 'self_domain.manage_devices'),
  'GET /devices/tasks/{id}/entities': any('devices.view_tasks', 'self_domain.manage_devices'),
  'DELETE /devices/tasks/{id}': any('devices.edit', 'self_domain.manage_devices'),
  'POST /devices/tasks/delete-all': any('devices.edit', 'self_domain.manage_devices'),
  'POST /devices/tasks/restart': any('devices.edit', 'self_domain.manage_devices'),
  'POST /devices/tasks/reinit': any('devices.edit', 'self_domain.manage_devices'),
  'POST /devices/init/{id}': any('devices.edit', 'self_domain.manage_devices'),
  'POST /devices/{id}/settings/apply': any('devices.edit', 'self_domain.manage_devices'),
  'GET /devices/{id}/sync/errors': any('devices.view_tasks', 'self_domain.manage_devices'),
  'POST /devices/{id}/set-protocol': any('devices.edit', 'self_domain.manage_devices'),
  'POST /devices/set-use-address': any('devices.edit', 'self_domain.manage_devices'),
  'GET /devices/{id}/forwards': devicesView,
  'GET /devices/{id}/forwards/settings': devicesView,
  'POST /devices/{id}/forwards/settings': any('devices.edit', 'self_domain.manage_devices'),
  // Device events (6.2 "view events"; 7.4 events list and download).
  'GET /devices/events/items': any('devices.view_events'),
  'GET /devices/events/export': any('devices.view_events'),
  // Device alarms (6.2: view, process, delete; 7.4 /alarms list, item, log, process).
  'GET /alarms/items': any('device_alarms.view'),
  'GET /alarms/{id}': any('device_alarms.view'),
  'GET /alarms/{id}/log': any('device_alarms.view'),
  'POST /alarms/{id}/process': any('device_alarms.process'),
  'DELETE /alarms/{id}': any('device_alarms.delete'),
  'POST /alarms/delete-all': any('device_alarms.delete'),
  // /devices/alarms-calls is gated by device alarm view (6.4).
  'GET /alarms/calls/items': any('device_alarms.view'),
  // Decided: network search feeds put-found (adders); remote control drives a device (editors).
  'POST /devices/search': any('devices.create', 'self_domain.manage_devices'),
  'PUT /devices/remote-control/sessions': any('devices.edit', 'self_domain.manage_devices'),
  'PATCH /devices/remote-control/sessions/{session_id}': any('devices.edit', 'self_domain.manage_devices'),
  'GET /devices/remote-control/sessions/items': any('devices.edit', 'self_domain.manage_devices'),

  // Calls and history.
  'GET /calls/history/items': any('calls.view_history'),
  'GET /calls/history/{id}': any('calls.view_history'),
  // The dialer's recents (7.6): a holder reads their own number's; others need the history view (checked with the number).
  'GET /calls/history/dialer/{number}': { anyOf: [], licensed: ['sip'] },
  'GET /calls/waiting/items': callQueue,
  'POST /calls/stop': callQueue,
  'GET /calls/concierge/devices/items': doors,
  'POST /calls/door/open': doors,
  'GET /calls/interception': any('calls.interception'),
  'POST /calls/interception': any('calls.interception'),
  // SIP service (7.6): readers of project settings or system info see it; changers of settings restart it.
  'GET /sip/status': any('project.view_settings', 'project.change_settings', 'system.view_info'),
  'POST /sip/restart': settingsChange,
  'POST /sip/reinit': settingsChange,
  // Decided: the broker (7.8, listed under project settings) is guarded as the SIP service is.
  'GET /broker/status': any('project.view_settings', 'project.change_settings', 'system.view_info'),
  'POST /broker/restart': settingsChange,

  // Conversations: view, view all, view descendant, create, create message, delete.
  'GET /conversations/items': conversationsView,
  'GET /conversations/{id}': conversationsView,
  'GET /conversations/{id}/messages': conversationsView,
  'GET /conversations/{id}/messages/{before_date}': conversationsView,
  'POST /conversations/{id}/read': conversationsView,
  'PUT /conversations': any('conversations.create'),
  'GET /conversations/recipients/items': any('conversations.create'),
  'POST /conversations/{id}/messages': any('conversations.create_message'),
  'DELETE /conversations/{id}': any('conversations.delete'),
  'POST /conversations/delete-all': any('conversations.delete'),

  // Announces: create, edit, delete, send, view, view all.
  'GET /announces/items': announcesView,
  'GET /announces/{id}': announcesView,
  'GET /announces/responses/items': announcesView,
  'GET /announces/responses/export': announcesView,
  'PUT /announces': any('announces.create'),
  'PATCH /announces/{id}': any('announces.edit'),
  'DELETE /announces/{id}': any('announces.delete'),
  'POST /announces/delete-all': any('announces.delete'),
  'POST /announces/{id}/start': any('announces.send'),
  'POST /announces/{id}/stop': any('announces.send'),
  // A recipient's own announce, by the token sent to them (7.6 "item by token", "send poll").
  'GET /announces/items/token/{token}': 'member',
  'POST /announces/response': 'member',

  // Emergency alerts: view, create, edit, delete, playback.
  'GET /emergency-alerts/items': any('emergency_alerts.view'),
  'GET /emergency-alerts/{id}': any('emergency_alerts.view'),
  'PUT /emergency-alerts': any('emergency_alerts.create'),
  'PATCH /emergency-alerts/{id}': any('emergency_alerts.edit'),
  'DELETE /emergency-alerts/{id}': any('emergency_alerts.delete'),
  'POST /emergency-alerts/delete-all': any('emergency_alerts.delete'),
  'POST /emergency-alerts/{id}/start': any('emergency_alerts.playback'),
  'POST /emergency-alerts/{id}/stop': any('emergency_alerts.playback'),
  // The alert form's helpers: its device picker and audio.
  'GET /emergency-alerts/devices/items': any(
    'emergency_alerts.view',
    'emergency_alerts.create',
    'emergency_alerts.edit',
  ),
  'POST /emergency-alerts/generate': alertsWrite,
  'POST /emergency-alerts/file': alertsWrite,

  // IP blocking (7.8) under Settings.
  'GET /ip-blocking/status': settingsView,
  'GET /ip-blocking/bans/items': settingsView,
  'GET /ip-blocking/whitelist/items': settingsView,
  'POST /ip-blocking/unban': settingsChange,
  'POST /ip-blocking/unban-all': settingsChange,
  'PUT /ip-blocking/whitelist': settingsChange,
  'DELETE /ip-blocking/whitelist/{id}': settingsChange,
  'POST /ip-blocking/whitelist/delete-all': settingsChange,

  // Licences (6.2: view, manage, view licences of own, descendant or all groups, edit group counts).
  'GET /licenses/items': any('licences.view', 'licences.manage'),
  'GET /licenses/{id}': any('licences.view', 'licences.manage'),
  'DELETE /licenses/{id}': any('licences.manage'),
  'POST /licenses/delete-all': any('licences.manage'),
  'POST /licenses/file/check': any('licences.manage'),
  'POST /licenses/file': any('licences.manage'),
  'POST /licenses/cloud/check': any('licences.manage'),
  'POST /licenses/cloud': any('licences.manage'),
  'GET /licenses/features/state': any('licences.view', 'licences.manage'),
  // 6.4: the persistent warning is for those who may manage licences.
  'GET /licenses/warning': any('licences.manage'),
  'GET /licenses/settings': any('licences.view', 'licences.manage'),
  'PATCH /licenses/settings': any('licences.manage'),
  // A group's licence: any licence view scope reads it (decided: count editors and managers too); counts edit it.
  'GET /domains/{id}/license': any(
    'licences.view_all',
    'licences.view_descendants',
    'licences.view_own',
    'licences.edit_group_counts',
    'licences.manage',
  ),
  'PATCH /domains/{id}/license': any('licences.edit_group_counts'),
  // 6.2 System "reports (licences used)": both reports of 2.5 and their exports.
  'GET /reports/licenses/used': any('system.view_licence_report'),
  'GET /reports/licenses/used/export': any('system.view_licence_report'),
  'GET /reports/licenses/period': any('system.view_licence_report'),
  'GET /reports/licenses/period/export': any('system.view_licence_report'),
  // Amenities (7.7).
  'GET /amenities/items': amenitiesView,
  'GET /amenities/{id}': amenitiesView,
  'GET /amenities/{id}/state': amenitiesView,
  'PUT /amenities': amenitiesEdit,
  'PATCH /amenities/{id}': amenitiesEdit,
  'POST /amenities/{id}/image': amenitiesEdit,
  'DELETE /amenities/{id}/image': amenitiesEdit,
  'POST /amenities/{id}/terms-of-use': amenitiesEdit,
  'DELETE /amenities/{id}/terms-of-use': amenitiesEdit,
  'DELETE /amenities/{id}': amenitiesDelete,
  'POST /amenities/delete-all': amenitiesDelete,
  'GET /uploads/amenities/{file}': 'public',
  'GET /amenities/reservations/items': reservationsView,
  'GET /amenities/reservations/{id}': reservationsView,
  'GET /amenities/reservations/{id}/qr': reservationsView,
  'PUT /amenities/reservations': reservationsEdit,
  'PATCH /amenities/reservations/{id}': reservationsEdit,
  'POST /amenities/reservations/{id}/cancel': reservationsEdit,
  'DELETE /amenities/reservations/{id}': reservationsDelete,
  'POST /amenities/reservations/delete-all': reservationsDelete,
  'GET /amenities/reservations/{id}/logs': amenity('amenity_reservations.view_logs'),
  // 6.2 Project: view and change project settings (7.8). Decided: who may change them may read them.
  'GET /project/general': settingsRead,
  'PATCH /project/general': settingsChange,
  'GET /project/sip': settingsRead,
  'PATCH /project/sip': settingsChange,
  'GET /project/sip/domain/forward-rules': settingsRead,
  'PATCH /project/sip/domain/forward-rules': settingsChange,
  'POST /project/sip/resident-phonebook/delete': settingsChange,
  'GET /project/push-server': settingsRead,
  'PATCH /project/push-server': settingsChange,
  'GET /project/whitelabel': settingsRead,
  'PATCH /project/whitelabel': settingsChange,
  'POST /project/whitelabel/logo': settingsChange,
  'DELETE /project/whitelabel/logo': settingsChange,
  'GET /project/apple-wallet': settingsRead,
  'PATCH /project/apple-wallet': settingsChange,
  'GET /project/mail': settingsRead,
  'PATCH /project/mail': settingsChange,
  'POST /project/mail/test': settingsChange,
  'GET /project/broker': settingsRead,
  'POST /project/broker': settingsChange,
  'DELETE /project/broker': settingsChange,
  // 6.2 Project: import device backup data.
  'POST /project/import/device-backup': any('project.import_device_backup'),
  // 6.2 Self-group management "white label": a group's logo, with the group editors.
  'POST /domains/{id}/whitelabel/logo': any(
    'domains.edit_all',
    'domains.edit_descendants',
    'self_domain.manage_white_label',
  ),
  'DELETE /domains/{id}/whitelabel/logo': any(
    'domains.edit_all',
    'domains.edit_descendants',
    'self_domain.manage_white_label',
  ),
  'GET /uploads/logos/{file}': 'public',

  // 6.3 Mail templates: project level with change-project-settings, group level with edit-all,
  // edit-descendants or self-domain mail templates (the level is checked per template). Decided:
  // viewers of project settings read every template.
  'GET /mail-templates/items': templatesView,
  'GET /mail-templates/{id}': templatesView,
  'GET /mail-templates/types': templatesView,
  'GET /mail-templates/domain-types': templatesView,
  'PUT /mail-templates': templatesWrite,
  'PATCH /mail-templates/{id}': templatesWrite,
  'DELETE /mail-templates/{id}': templatesWrite,
  'POST /mail-templates/delete-all': templatesWrite,
  'POST /mail-templates/preview': settingsRead,
  'POST /mail-templates/preview/send': settingsChange,
  'POST /domains/{id}/mail-templates/preview': templatesGroup,
  'POST /domains/{id}/mail-templates/preview/send': templatesGroup,
  // 6.2 Audit: view audit (the list, one event, the export).
  'GET /audit-events/items': any('audit.view'),
  'GET /audit-events/{id}': any('audit.view'),
  'GET /audit-events/export': any('audit.view'),
  // 6.2 System: view system info reads logs, workers, metrics and queues (7.8, 7.2 /logs/download);
  // acting on the server is changing settings, as the SIP and broker restarts (docs/decisions.md).
  'GET /system/logs/available': any('system.view_info'),
  'GET /system/logs/{log}/100': any('system.view_info'),
  'GET /logs/download': any('system.view_info'),
  'GET /system/workers': any('system.view_info'),
  'POST /system/workers/{name}/start': settingsChange,
  'POST /system/workers/{name}/stop': settingsChange,
  'POST /system/workers/{name}/restart': settingsChange,
  'GET /metrics/routes': any('system.view_info'),
  'POST /metrics/routes/reset': settingsChange,
  'GET /metrics': any('system.view_info'),
  'GET /system/queues': any('system.view_info'),
  'POST /system/queues/{queue}/retry': settingsChange,
  'POST /system/queues/{queue}/clear': settingsChange,
  // 6.2 Backups: create, delete, view, apply, apply from file, download (7.8). Preview is the
  // first half of applying; applying an uploaded file is "apply from file" (decided).
  'GET /backups/items': any('backups.view'),
  'GET /backups/{id}': any('backups.view'),
  'DELETE /backups/{id}': any('backups.delete'),
  'POST /backups/delete-all': any('backups.delete'),
  'POST /backups/make': any('backups.create'),
  'POST /backups/restore': any('backups.apply_file'),
  'POST /backups/{id}/preview': any('backups.apply', 'backups.apply_file'),
  'POST /backups/{id}/apply': any('backups.apply', 'backups.apply_file'),
  'GET /backups/{id}/download': any('backups.download'),

  // 6.3 Integrations (7.8): create and update by POST; the level is checked per integration.
  'GET /integrations/items': integrationsView,
  'GET /integrations/{id}': integrationsView,
  'GET /integrations/available': integrationsView,
  'GET /integrations/{id}/macros': integrationsView,
  'GET /integrations/{id}/cameras': integrationsView,
  'POST /integrations': integrationsWrite,
  'POST /integrations/{id}': integrationsWrite,
  'POST /integrations/{id}/certificate': integrationsWrite,
  'DELETE /integrations/{id}/certificate': integrationsWrite,
  'DELETE /integrations/{id}': integrationsWrite,
  'POST /integrations/delete-all': integrationsWrite,
};
