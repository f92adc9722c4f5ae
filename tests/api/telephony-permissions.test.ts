import type { Permission } from '../../src/contract/permissions';
import { describePermissionMatrix, type RouteCase } from '../support/permission-matrix';

/**
 * The role × route table of telephony administration, generated from the demo
 * roles' presets and the permissions each route names: a holder passes the
 * guard (200, or 400 for the deliberately empty body), anyone else gets 403,
 * and nobody without a token gets further than 401. Routes every member may
 * call (contacts, call info) are checked for every role.
 */
const trunkViews: Permission[] = [
  'sip_trunks.view_all',
  'sip_trunks.view_domain',
  'sip_trunks.view_descendants',
  'sip_trunks.view_own',
  'self_domain.manage_sip_trunks',
];

const CALLS: RouteCase[] = [
  {
    method: 'GET',
    path: '/sip-numbers/items',
    anyOf: ['sip_numbers.view', 'sip_numbers.view_descendants', 'sip_numbers.view_all'],
    allowed: 200,
  },
  { method: 'PUT', path: '/sip-numbers', anyOf: ['sip_numbers.create'], allowed: 400 },
  { method: 'POST', path: '/sip-numbers/delete-all', anyOf: ['sip_numbers.delete'], allowed: 400 },
  { method: 'GET', path: '/sip-numbers/generate', anyOf: ['sip_numbers.create', 'sip_numbers.edit'], allowed: 200 },
  { method: 'GET', path: '/sip-numbers/contacts', anyOf: [], allowed: 200 },
  { method: 'GET', path: '/sip-numbers/call-info?number=100100', anyOf: [], allowed: 200 },
  { method: 'GET', path: '/forward-rules/items', anyOf: ['forward_rules.view'], allowed: 200 },
  { method: 'PUT', path: '/forward-rules', anyOf: ['forward_rules.create'], allowed: 400 },
  { method: 'GET', path: '/forward-groups/items', anyOf: ['forward_rules.view'], allowed: 200 },
  { method: 'POST', path: '/forward-groups/delete-all', anyOf: ['forward_rules.delete'], allowed: 400 },
  { method: 'GET', path: '/sip-trunks/items', anyOf: trunkViews, allowed: 200 },
  { method: 'PUT', path: '/sip-trunks', anyOf: ['sip_trunks.create', 'self_domain.manage_sip_trunks'], allowed: 400 },
  { method: 'GET', path: '/calls/history/items', anyOf: ['calls.view_history'], allowed: 200 },
  { method: 'GET', path: '/calls/interception', anyOf: ['calls.interception'], allowed: 200 },
  { method: 'POST', path: '/calls/interception', anyOf: ['calls.interception'], allowed: 400 },
];

describePermissionMatrix('permission matrix of telephony administration', CALLS);
