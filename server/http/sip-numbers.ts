import type { FastifyInstance } from 'fastify';
import { CallInfoQuerySchema, sipNumbersResource } from '../../src/contract/entities/sip-number';
import type { AppContext } from '../context';
import { holdersOfNumbers, publishProfileChanged } from '../domain/profile-changes';
import { callInfo, listContacts } from '../domain/sip-contacts';
import { generateSipNumber } from '../domain/sip-number-generate';
import { createSipNumber, deleteSipNumbers, updateSipNumber } from '../domain/sip-number-rules';
import {
  SIP_NUMBER_COLUMNS,
  SIP_NUMBER_RELATIONS,
  scopedSipNumbers,
  selectSipNumbers,
  toSipNumbers,
} from '../domain/sip-numbers';
import { defineResource } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';
import { parseQuery } from './groups';
import { requireFeatures } from './licence';
import { defineRoute } from './route';

/**
 * Virtual SIP numbers (7.6): the generic resource routes plus generate,
 * contacts and call-info. Every route needs the project's SIP licence (6.2).
 */
export async function sipNumberRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  requireFeatures(app, ctx.db, 'sip');

  // The dialer's calls (registered before the resource's `/{id}` routes read the same prefix).
  defineRoute(app, 'GET /sip-numbers/generate', {
    guard: requirePermission('sip_numbers.create', 'sip_numbers.edit'),
    handler: async () => ({ data: await generateSipNumber(ctx.db) }),
  });

  defineRoute(app, 'GET /sip-numbers/contacts', {
    // The caller's own phonebook: what they may call is decided by their calls.* permissions.
    guard: requirePermission(),
    handler: async ({ request }) => ({ data: await listContacts(ctx.db, authOf(request)) }),
  });

  defineRoute(app, 'GET /sip-numbers/call-info', {
    // Anyone in the project may learn who is calling them.
    guard: requirePermission(),
    handler: async ({ request }) => {
      const { number } = parseQuery(CallInfoQuerySchema, request.query);
      return { data: await callInfo(ctx.db, authOf(request), number) };
    },
  });

  defineResource(app, {
    contract: sipNumbersResource,
    permissions: {
      view: ['sip_numbers.view', 'sip_numbers.view_descendants', 'sip_numbers.view_all'],
      create: ['sip_numbers.create'],
      edit: ['sip_numbers.edit'],
      delete: ['sip_numbers.delete'],
    },
    scoped: (auth) => scopedSipNumbers(ctx.db, auth),
    select: selectSipNumbers,
    columns: SIP_NUMBER_COLUMNS,
    relations: SIP_NUMBER_RELATIONS,
    idColumn: 'n.id',
    toItems: (rows, auth) => toSipNumbers(ctx.db, auth, rows),
    // Holders before and after a write learn that their profile's number changed.
    create: async (auth, body) => {
      const id = await createSipNumber(ctx.db, auth, body);
      publishProfileChanged(ctx.realtime, await holdersOfNumbers(ctx.db, [id]));
      return id;
    },
    patch: async (auth, id, body) => {
      const before = await holdersOfNumbers(ctx.db, [id]);
      const result = await updateSipNumber(ctx.db, auth, id, body);
      publishProfileChanged(ctx.realtime, [...before, ...(await holdersOfNumbers(ctx.db, [id]))]);
      return result;
    },
    remove: async (_, ids) => {
      const before = await holdersOfNumbers(ctx.db, ids);
      const deleted = await deleteSipNumbers(ctx.db, ids);
      publishProfileChanged(ctx.realtime, before);
      return deleted;
    },
    exportColumns: {
      number: (n) => n.number,
      name: (n) => n.name,
      is_active: (n) => (n.is_active ? 1 : 0),
      is_reserved: (n) => (n.is_reserved ? 1 : 0),
      purpose: (n) => n.purpose,
      owner: (n) => n.owner_info,
      forward_mode: (n) => n.forward_mode,
      created_at: (n) => n.created_at,
    },
  });
}
