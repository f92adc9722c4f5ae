import type { Permission } from '../../src/contract/permissions';
import { describePermissionMatrix, type RouteCase } from '../support/permission-matrix';

/**
 * Who may use IP blocking (7.8). 6.2 has no family of its own: viewing needs
 * project.view_settings, changes project.change_settings (only the admin
 * preset holds them; staff, concierge and resident get 403, no token 401).
 * DELETE of a whitelist entry is checked in ip-blocking.test.ts, on an entry that exists.
 */
const VIEW: Permission[] = ['project.view_settings'];
const CHANGE: Permission[] = ['project.change_settings'];

const CALLS: RouteCase[] = [
  { method: 'GET', path: '/ip-blocking/status', anyOf: VIEW, allowed: 200 },
  { method: 'GET', path: '/ip-blocking/bans/items', anyOf: VIEW, allowed: 200 },
  { method: 'POST', path: '/ip-blocking/unban', anyOf: CHANGE, allowed: 400 },
  { method: 'POST', path: '/ip-blocking/unban-all', anyOf: CHANGE, allowed: 200 },
  { method: 'GET', path: '/ip-blocking/whitelist/items', anyOf: VIEW, allowed: 200 },
  { method: 'PUT', path: '/ip-blocking/whitelist', anyOf: CHANGE, allowed: 400 },
  { method: 'POST', path: '/ip-blocking/whitelist/delete-all', anyOf: CHANGE, allowed: 400 },
];

describePermissionMatrix('permission matrix of IP blocking', CALLS);
