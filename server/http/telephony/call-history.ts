import type { FastifyInstance } from 'fastify';
import { callHistoryEntity } from '../../../src/contract/entities/call-history';
import type { AppContext } from '../../context';
import {
  CALL_COLUMNS,
  CALL_CONDITIONS,
  dialerHistory,
  scopedCalls,
  selectCalls,
  toCalls,
} from '../../domain/telephony/call-history';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * Call history (7.6), read-only: the list with its filters (SOS history is the
 * same list filtered on is_sos), one call, and the dialer history of a number.
 */
export async function callHistoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // Registered first: `dialer` is a fixed segment beside `{id}`.
  registerCall(app, 'GET /calls/history/dialer/{number}', async ({ auth, params, query }) => ({
    data: await dialerHistory(ctx.db, auth, params.number, query),
  }));

  registerEntityCalls(app, {
    entity: callHistoryEntity,
    scoped: (auth) => scopedCalls(ctx.db, auth),
    select: selectCalls,
    columns: CALL_COLUMNS,
    conditions: CALL_CONDITIONS,
    idColumn: 'h.id',
    toItems: (rows, auth) => toCalls(ctx.db, auth, rows),
  });
}
