import type { FastifyInstance } from 'fastify';
import { sipNumbersEntity } from '../../../src/contract/entities/sip-number';
import type { AppContext } from '../../context';
import { callInfo, listContacts } from '../../domain/telephony/sip-contacts';
import { generateSipNumber } from '../../domain/telephony/sip-number-generate';
import { createSipNumber, deleteSipNumbers, updateSipNumber } from '../../domain/telephony/sip-number-rules';
import {
  SIP_NUMBER_COLUMNS,
  SIP_NUMBER_RELATIONS,
  scopedSipNumbers,
  selectSipNumbers,
  toSipNumbers,
} from '../../domain/telephony/sip-numbers';
import { holdersOfNumbers, publishProfileChanged } from '../../domain/users/profile-changes';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** Virtual SIP numbers (7.6): the entity's calls plus generate, contacts and call-info (all need the SIP licence). */
export async function sipNumberRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /sip-numbers/generate', async () => ({ data: await generateSipNumber(ctx.db) }));
  registerCall(app, 'GET /sip-numbers/contacts', async ({ auth }) => ({ data: await listContacts(ctx.db, auth) }));
  registerCall(app, 'GET /sip-numbers/call-info', async ({ auth, query }) => ({
    data: await callInfo(ctx.db, auth, query.number),
  }));

  registerEntityCalls(app, {
    entity: sipNumbersEntity,
    scoped: (auth) => scopedSipNumbers(ctx.db, auth),
    select: selectSipNumbers,
    columns: SIP_NUMBER_COLUMNS,
    relations: SIP_NUMBER_RELATIONS,
    idColumn: 'n.id',
    toItems: (rows, auth) => toSipNumbers(ctx.db, auth, rows),
    // Holders before and after a write learn that their profile's number changed.
    create: async (auth, body) => {
      const id = await createSipNumber(ctx.db, auth, body);
      publishProfileChanged(ctx.realtime, auth.projectId, await holdersOfNumbers(ctx.db, [id]));
      return id;
    },
    patch: async (auth, id, body) => {
      const before = await holdersOfNumbers(ctx.db, [id]);
      await updateSipNumber(ctx.db, auth, id, body);
      publishProfileChanged(ctx.realtime, auth.projectId, [...before, ...(await holdersOfNumbers(ctx.db, [id]))]);
    },
    remove: async (auth, ids) => {
      const before = await holdersOfNumbers(ctx.db, ids);
      const deleted = await deleteSipNumbers(ctx.db, ids);
      publishProfileChanged(ctx.realtime, auth.projectId, before);
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
