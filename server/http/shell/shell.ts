import type { FastifyInstance } from 'fastify';
import { LANGUAGES, SECURE_WEBSOCKET_PORT } from '../../../src/contract/constants';
import { COUNTRIES } from '../../content/countries';
import type { AppContext } from '../../context';
import { readFeatures } from '../../domain/project/features';
import { PRODUCT_NAME, VERSION } from '../../version';
import { registerCall } from '../plumbing/register-call';

/** Calls the console shell makes before and around login: server settings, branding, countries, info. */
export async function shellRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /frontend/server/settings', async ({ auth }) => {
    let features = null;
    if (auth) {
      const project = await ctx.db
        .selectFrom('projects')
        .select('features')
        .where('id', '=', auth.projectId)
        .executeTakeFirst();
      features = project ? readFeatures(project.features) : null;
    }
    return {
      data: {
        version: VERSION,
        sip_proxy_host: ctx.config.sipProxyHost,
        // The port the SIP listener really has (tests start it on a random one), else the configured one.
        sip_port: ctx.sip.server?.port ?? (ctx.config.sip.port || SECURE_WEBSOCKET_PORT),
        // Until project settings and licences exist (docs/decisions.md, Shell calls): SIP is on while the
        // embedded SIP server runs; the web dialer also needs GATEHOUSE_WEB_DIALER and a host browsers reach.
        // The project's licence (features) decides per project on top of them.
        is_sip_enabled: ctx.sip.running,
        is_web_dialer_enabled: ctx.sip.running && ctx.config.webDialer && ctx.config.sipProxyHost !== null,
        is_self_registration_enabled: ctx.config.selfRegistration,
        default_locale: LANGUAGES[0],
        features,
        mobile_apps: ctx.config.mobileApps,
      },
    };
  });

  registerCall(app, 'GET /frontend/resources/meta', async () => ({
    data: { title: PRODUCT_NAME, logo_url: null, locales: [...LANGUAGES] },
  }));
  registerCall(app, 'GET /countries', async () => ({ data: [...COUNTRIES] }));
  registerCall(app, 'GET /info', async () => ({
    data: { name: PRODUCT_NAME, version: VERSION, time: new Date().toISOString() },
  }));
}
