import { describePermissionMatrix, type RouteCase } from '../support/permission-matrix';

/**
 * The role × route table of the entity areas, generated from the demo roles'
 * permission presets and the permissions each route names: a role holding one
 * of them passes the guard (answering 200, or 400 for an empty body), anyone
 * else gets 403, and nobody without a token gets further than 401.
 */
const CALLS: RouteCase[] = [
  { method: 'GET', path: '/users/items', anyOf: ['users.view', 'users.view_all'], allowed: 200 },
  { method: 'PUT', path: '/users', anyOf: ['users.create'], allowed: 400 },
  { method: 'POST', path: '/users/delete-all', anyOf: ['users.delete'], allowed: 400 },
  { method: 'GET', path: '/users/export', anyOf: ['users.view', 'users.view_all'], allowed: 200 },
  { method: 'GET', path: '/roles/items', anyOf: ['roles.view', 'roles.view_users', 'roles.view_all'], allowed: 200 },
  { method: 'PUT', path: '/roles', anyOf: ['roles.create'], allowed: 400 },
  {
    method: 'POST',
    path: '/roles/delete-all',
    anyOf: ['roles.delete', 'roles.delete_available', 'roles.delete_all'],
    allowed: 400,
  },
  { method: 'GET', path: '/markers/items', anyOf: ['markers.view', 'markers.view_all'], allowed: 200 },
  { method: 'PUT', path: '/markers', anyOf: ['markers.create'], allowed: 400 },
  { method: 'POST', path: '/markers/apply', anyOf: ['markers.apply'], allowed: 400 },
  { method: 'POST', path: '/registration/invite/send', anyOf: ['users.create', 'users.edit_all'], allowed: 400 },
  { method: 'GET', path: '/calls/waiting/items', anyOf: ['concierge.reception', 'calls.interception'], allowed: 200 },
  { method: 'POST', path: '/calls/stop', anyOf: ['concierge.reception', 'calls.interception'], allowed: 400 },
  {
    method: 'GET',
    path: '/calls/concierge/devices/items',
    anyOf: ['concierge.reception', 'calls.call_panel'],
    allowed: 200,
  },
  { method: 'POST', path: '/calls/door/open', anyOf: ['concierge.reception', 'calls.call_panel'], allowed: 400 },
  {
    method: 'GET',
    path: '/sip/status',
    anyOf: ['project.view_settings', 'project.change_settings', 'system.view_info'],
    allowed: 200,
  },
];

describePermissionMatrix('permission matrix of the entity areas', CALLS);
