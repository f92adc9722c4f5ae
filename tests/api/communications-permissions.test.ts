import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/contract/permissions';
import { describePermissionMatrix, type RouteCase } from '../support/permission-matrix';

/**
 * The role × route table of the communications area (6.2), generated from the
 * demo roles' presets: a role holding one of the route's permissions passes the
 * guard (and gets `allowed`: 200, 400 for an empty body, 404 for an unknown id),
 * anyone else 403; nobody without a token gets further than 401.
 */
const CONVERSATION_VIEW: Permission[] = [
  'conversations.view',
  'conversations.view_descendants',
  'conversations.view_all',
];
const ANNOUNCE_VIEW: Permission[] = ['announces.view', 'announces.view_all'];
const ALERT_WRITE: Permission[] = ['emergency_alerts.create', 'emergency_alerts.edit'];
const MISSING = 999_999;

const CALLS: RouteCase[] = [
  { method: 'GET', path: '/conversations/items', anyOf: CONVERSATION_VIEW, allowed: 200 },
  { method: 'GET', path: `/conversations/${MISSING}/messages`, anyOf: CONVERSATION_VIEW, allowed: 404 },
  { method: 'PUT', path: '/conversations', anyOf: ['conversations.create'], allowed: 400 },
  { method: 'GET', path: '/conversations/recipients/items', anyOf: ['conversations.create'], allowed: 200 },
  {
    method: 'POST',
    path: `/conversations/${MISSING}/messages`,
    anyOf: ['conversations.create_message'],
    // The conversation is checked before the body: an unknown one is 404 whatever is sent.
    allowed: 404,
  },
  { method: 'POST', path: '/conversations/delete-all', anyOf: ['conversations.delete'], allowed: 400 },
  { method: 'GET', path: '/announces/items', anyOf: ANNOUNCE_VIEW, allowed: 200 },
  { method: 'PUT', path: '/announces', anyOf: ['announces.create'], allowed: 400 },
  { method: 'POST', path: `/announces/${MISSING}/start`, anyOf: ['announces.send'], allowed: 404 },
  { method: 'POST', path: `/announces/${MISSING}/stop`, anyOf: ['announces.send'], allowed: 404 },
  { method: 'POST', path: '/announces/delete-all', anyOf: ['announces.delete'], allowed: 400 },
  { method: 'GET', path: '/announces/responses/items', anyOf: ANNOUNCE_VIEW, allowed: 200 },
  { method: 'GET', path: '/announces/items/token/nothing', anyOf: [], allowed: 404 },
  { method: 'POST', path: '/announces/response', anyOf: [], allowed: 400 },
  { method: 'GET', path: '/emergency-alerts/items', anyOf: ['emergency_alerts.view'], allowed: 200 },
  { method: 'PUT', path: '/emergency-alerts', anyOf: ['emergency_alerts.create'], allowed: 400 },
  {
    method: 'POST',
    path: `/emergency-alerts/${MISSING}/start`,
    anyOf: ['emergency_alerts.playback'],
    allowed: 404,
  },
  { method: 'POST', path: '/emergency-alerts/delete-all', anyOf: ['emergency_alerts.delete'], allowed: 400 },
  {
    method: 'GET',
    path: '/emergency-alerts/devices/items',
    anyOf: ['emergency_alerts.view', ...ALERT_WRITE],
    allowed: 200,
  },
];

const table = describePermissionMatrix('permission matrix of communications', CALLS);

describe('the communications matrix', () => {
  it('has the concierge and the resident pass some guards and be refused by others', () => {
    for (const role of ['concierge', 'resident'] as const) {
      expect(table.some((row) => row.role === role && row.expected === 403)).toBe(true);
      expect(table.some((row) => row.role === role && row.expected !== 403)).toBe(true);
    }
  });
});
