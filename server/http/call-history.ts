import type { FastifyInstance } from 'fastify';
import { callHistoryResource, DialerHistoryQuerySchema } from '../../src/contract/entities/call-history';
import type { ListQuery } from '../../src/contract/filters';
import type { AppContext } from '../context';
import type { Auth } from '../domain/auth-context';
import { CALL_COLUMNS, callConditions, dialerHistory, scopedCalls, selectCalls, toCalls } from '../domain/call-history';
import { idOf, type ResourceDefinition, readPage } from '../resources/define-resource';
import { parseListQuery } from '../resources/list-sql';
import { authOf, requirePermission } from './auth';
import { parseQuery } from './groups';
import { itemNotFound } from './http-error';
import { defineRoute } from './route';

/**
 * Call history (7.6), read-only: the list with its filters (SOS history is the
 * same list filtered on is_sos), one call, and the dialer history of a number.
 * The list is built per request because `direction` reads the caller's numbers.
 */
export async function callHistoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const view = requirePermission('calls.view_history');
  const definition = (
    auth: Auth,
    query: Pick<ListQuery, 'filters'>,
  ): ResourceDefinition<typeof callHistoryResource> => ({
    contract: callHistoryResource,
    permissions: { view: ['calls.view_history'] },
    scoped: (caller) => scopedCalls(ctx.db, caller),
    select: selectCalls,
    columns: CALL_COLUMNS,
    conditions: callConditions(auth, query),
    idColumn: 'h.id',
    toItems: (rows, caller) => toCalls(ctx.db, caller, rows),
  });

  // Registered first: `dialer` is a fixed segment beside `{id}`.
  defineRoute(app, 'GET /calls/history/dialer/{number}', {
    // Who may read whose history is decided with the number: its holder, or a call history reader.
    guard: requirePermission(),
    handler: async ({ request }) => {
      const number = (request.params as { number?: string }).number ?? '';
      const page = parseQuery(DialerHistoryQuerySchema, request.query);
      return { data: await dialerHistory(ctx.db, authOf(request), number, page) };
    },
  });

  app.get('/calls/history/items', { config: { auth: true }, preHandler: view }, async (request) => {
    const auth = authOf(request);
    const query = parseListQuery(callHistoryResource, request.query);
    return readPage(definition(auth, query), auth, query);
  });

  app.get('/calls/history/:id', { config: { auth: true }, preHandler: view }, async (request) => {
    const auth = authOf(request);
    const rows = await selectCalls(scopedCalls(ctx.db, auth).where('h.id', '=', idOf(request))).execute();
    if (rows.length === 0) throw itemNotFound();
    const [item] = await toCalls(ctx.db, auth, rows);
    return { data: item };
  });
}
