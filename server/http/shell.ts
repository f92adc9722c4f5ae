import type { FastifyInstance } from 'fastify';
import { LANGUAGES, SECURE_WEBSOCKET_PORT } from '../../src/contract/constants';
import { COUNTRIES } from '../content/countries';
import type { AppContext } from '../context';
import { readFeatures } from '../domain/features';
import { PRODUCT_NAME, VERSION } from '../version';
import { defineRoute } from './route';

/** Calls the console shell makes before and around login: server settings, branding, countries, info. */
export async function shellRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  defineRoute(app, 'GET /frontend/server/settings', {
    handler: async ({ request }) => {
      let features = null;
      if (request.auth) {
        const project = await ctx.db
          .selectFrom('projects')
          .select('features')
          .where('id', '=', request.auth.projectId)
          .executeTakeFirst();
        features = project ? readFeatures(project.features) : null;
      }
      return {
        data: {
          version: VERSION,
          sip_proxy_host: ctx.config.sipProxyHost,
          // The port the SIP listener really has (tests start it on a random one), else the configured one.
          sip_port: ctx.sip.server?.port ?? (ctx.config.sip.port || SECURE_WEBSOCKET_PORT),
          // Server-wide switches; the licence (features) decides per project on top of them.
          is_sip_enabled: true,
          is_web_dialer_enabled: true,
          is_self_registration_enabled: ctx.config.selfRegistration,
          default_locale: LANGUAGES[0],
          features,
        },
      };
    },
  });

  defineRoute(app, 'GET /frontend/resources/meta', {
    handler: async () => ({ data: { title: PRODUCT_NAME, logo_url: null, locales: [...LANGUAGES] } }),
  });

  defineRoute(app, 'GET /countries', {
    handler: async () => ({ data: [...COUNTRIES] }),
  });

  defineRoute(app, 'GET /info', {
    handler: async () => ({ data: { name: PRODUCT_NAME, version: VERSION, time: new Date().toISOString() } }),
  });
}
