import type { FastifyInstance } from 'fastify';
import { LANGUAGES, SECURE_WEBSOCKET_PORT } from '../../../src/contract/constants';
import { COUNTRIES } from '../../content/countries';
import type { AppContext } from '../../context';
import { readFeatures } from '../../domain/project/features';
import { shellSettings } from '../../domain/project/settings';
import { whitelabelFor } from '../../domain/project/whitelabel';
import { PRODUCT_NAME, VERSION } from '../../version';
import { registerCall } from '../plumbing/register-call';

/** Calls the console shell makes before and around login: server settings, branding, countries, info. */
export async function shellRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /frontend/server/settings', async ({ auth }) => {
    const running = ctx.sip.running;
    const reachable = ctx.config.sipProxyHost !== null;
    const base = {
      version: VERSION,
      sip_proxy_host: ctx.config.sipProxyHost,
      // The port the SIP listener really has (tests start it on a random one), else the configured one.
      sip_port: ctx.sip.server?.port ?? (ctx.config.sip.port || SECURE_WEBSOCKET_PORT),
      is_self_registration_enabled: ctx.config.selfRegistration,
      mobile_apps: ctx.config.mobileApps,
    };
    if (!auth) {
      // Before login no project is known: the server's own flags (SIP runs; GATEHOUSE_WEB_DIALER), and the
      // white label only where the installation is one project (the login page can wear it).
      return {
        data: {
          ...base,
          is_sip_enabled: running,
          is_web_dialer_enabled: running && ctx.config.webDialer && reachable,
          default_locale: LANGUAGES[0],
          features: null,
          ...(await singleProjectWhitelabel()),
        },
      };
    }
    const project = await ctx.db
      .selectFrom('projects')
      .select('features')
      .where('id', '=', auth.projectId)
      .executeTakeFirst();
    const features = project ? readFeatures(project.features) : null;
    const settings = await shellSettings(ctx.db, ctx.config, auth.projectId);
    // SIP and the softphone: the server (SIP runs, a host browsers reach), the project's SIP settings and its licence.
    const sip = running && settings.sip.is_sip_enabled && features?.sip === true;
    return {
      data: {
        ...base,
        is_sip_enabled: sip,
        is_web_dialer_enabled: sip && settings.sip.is_web_dialer_enabled && features?.web_dialer === true && reachable,
        default_locale: settings.locale,
        features,
        whitelabel: await whitelabelFor(ctx.db, auth.projectId, { userId: auth.userId }),
        send_registration_link: settings.sendRegistrationLink,
      },
    };
  });

  /** The white label of the installation's only project, for the login page; nothing when there are several. */
  async function singleProjectWhitelabel() {
    const projects = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('deleted_at', 'is', null)
      .limit(2)
      .execute();
    if (projects.length !== 1) return {};
    const whitelabel = await whitelabelFor(ctx.db, projects[0]!.id, { groupIds: [] });
    return whitelabel ? { whitelabel } : {};
  }

  registerCall(app, 'GET /frontend/resources/meta', async () => ({
    data: { title: PRODUCT_NAME, logo_url: null, locales: [...LANGUAGES] },
  }));
  registerCall(app, 'GET /countries', async () => ({ data: [...COUNTRIES] }));
  registerCall(app, 'GET /info', async () => ({
    data: { name: PRODUCT_NAME, version: VERSION, time: new Date().toISOString() },
  }));
}
