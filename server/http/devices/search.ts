import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { discoveryProber, type Prober } from '../../domain/devices/discovery-probe';
import { createRemoteControl } from '../../domain/devices/remote-control';
import { createDeviceSearch } from '../../domain/devices/search';
import { registerCall } from '../plumbing/register-call';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests replace how an address is asked (a spy that records every probe). */
    deviceSearchProbe?: Prober;
  }
}

/** Network search and remote control sessions (7.4). */
export async function deviceSearchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const allow = ctx.config.deviceSearch.allow;
  const real = discoveryProber(allow);
  const search = createDeviceSearch({
    db: ctx.db,
    realtime: ctx.realtime,
    allow,
    port: ctx.config.deviceSearch.port,
    // Looked up per probe, so a test can put a spy in front of the real prober.
    probe: (address, port, timeoutMs) => (app.deviceSearchProbe ?? real)(address, port, timeoutMs),
    log: app.log,
  });
  const remote = createRemoteControl({ db: ctx.db, link: ctx.deviceLink, clock: ctx.clock, jwtKey: ctx.jwtKey });
  app.addHook('onClose', () => search.stop());

  registerCall(app, 'POST /devices/search', async ({ auth, body }) => ({ data: search.start(auth, body) }));
  registerCall(app, 'PUT /devices/remote-control/sessions', async ({ auth, body }) => ({
    data: await remote.open(auth, body),
  }));
  registerCall(app, 'PATCH /devices/remote-control/sessions/{session_id}', async ({ auth, params, body }) => ({
    data: await remote.command(auth, params.session_id, body),
  }));
  registerCall(app, 'GET /devices/remote-control/sessions/items', async ({ auth }) => ({ data: remote.list(auth) }));
}
