import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '../src/contract/http';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import { type BrokerPorts, startDeviceLink, startMosquittoSync } from './device-link';
import { type ReservationScheduler, startReservationScheduler } from './domain/amenities/status-scheduler';
import type { AuditRetention } from './domain/audit/retention';
import { configurePasswordHashing } from './domain/auth/passwords';
import { type Clock, systemClock } from './domain/clock';
import type { AnnounceScheduler } from './domain/communications/announce-scheduler';
import { type EventIngestion, followDeviceEvents } from './domain/devices/event-ingest';
import { linkStatusSource } from './domain/devices/link-status';
import { followDevicePresence } from './domain/devices/presence';
import type { DeviceStatusSource } from './domain/devices/status';
import { createMacroRunner } from './domain/integrations/macro-runner';
import { instanceId } from './domain/licences/instance';
import { type LicenceWatch, startLicenceWatch } from './domain/licences/licence-watch';
import { trustedKeys } from './domain/licences/trusted-keys';
import { startLogPruning } from './domain/project/logs-life';
import { mailConfigFor } from './domain/project/mail-settings';
import { createIpBlocking } from './domain/security/ip-blocking';
import { publishProfileChanged } from './domain/users/profile-changes';
import { apiRoutes } from './http/api';
import { installCompression } from './http/plumbing/compression';
import { installConsole } from './http/plumbing/console';
import { installErrorHandler } from './http/plumbing/error-handler';
import { createServerMetrics, installMetrics } from './http/plumbing/metrics';
import { installSecurityHeaders } from './http/plumbing/security-headers';
import { createServerLogger } from './logging';
import { createMailer } from './mail/mailer';
import { createMediaEndpoint } from './media/endpoint';
import { createLocalBus } from './realtime/bus';
import { createHub } from './realtime/hub';
import { createPgBus } from './realtime/pg-bus';
import { resolveJwtKey } from './secrets';
import type { MediaFactory } from './sip/b2bua/media';
import { createSipService } from './sip/service';
import { createWorkerRegistry } from './workers/registry';
import {
  announceSchedulerWorker,
  deviceTasksWorker,
  mailSenderWorker,
  registerPlainWorkers,
} from './workers/server-workers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application context (main.ts starts the SIP server through it; tests reach services). */
    ctx: AppContext;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime hub's publishing side, for tools and tests that push events themselves. */
    realtime: AppContext['realtime'];
  }
}

export interface BuildAppOptions {
  config: Config;
  /** A migrated database; the caller owns it and closes it. */
  db: Kysely<Database>;
  /** Where the built console lives (default: dist/ at the repository root). */
  distDir?: string;
  /** Fastify logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Media engine of the SIP call queue (default: werift endpoints, server/media). */
  media?: MediaFactory;
  /** The time IP blocking and remote control sessions read (default: the system clock); tests move it on. */
  clock?: Clock;
  /** Live device status (default: the device link's). */
  deviceStatus?: DeviceStatusSource;
  /** The embedded broker's listeners instead of MQTT_PORT and MQTT_WS_PORT (tests: 0, any free port). */
  brokerPorts?: BrokerPorts;
  /** Planner statistics now and hourly (main.ts); test apps leave the worker stopped. */
  statistics?: boolean;
  /** False only to measure writes without the audit trail (bench/audit.bench.ts). */
  audit?: boolean;
  /** Days audit events are kept, or a rule per project (default AUDIT_RETENTION_DAYS). */
  auditRetention?: AuditRetention;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts due announces (execute_at); tests tick it with a chosen time. */
    announceScheduler: AnnounceScheduler;
    /** Derives licence features when licences start or end, sends licence notices; tests tick it after moving the clock. */
    licenceWatch: LicenceWatch;
    /** Moves amenity reservations by time (§4); tests tick it after moving their clock. */
    reservationScheduler: ReservationScheduler;
    /** Device event ingestion as the device link feeds it; tests hand it a door's batch. */
    deviceEvents: EventIngestion;
  }
}

const DEFAULT_DIST = fileURLToPath(new URL('../dist', import.meta.url));

/**
 * Builds the HTTP application without listening: main.ts listens, tests use
 * `app.inject`. The database is not migrated or seeded here.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  configurePasswordHashing(config.passwordHashing);
  // Tests pass their own (false); the server logs to standard output and to rotating files (server/logging.ts).
  const serverLogger = options.logger === undefined ? await createServerLogger(config) : null;
  const app: FastifyInstance = Fastify({
    ...(serverLogger ? { loggerInstance: serverLogger.logger as FastifyBaseLogger } : { logger: options.logger }),
    // Request ids in logs tie a 500 to the request that caused it.
    requestIdHeader: 'x-request-id',
    // request.ip: the client behind the proxies TRUST_PROXY names (IP blocking counts per address).
    trustProxy: config.trustProxy,
  });
  // First: a broker that cannot listen (port taken, bad certificate) stops the start before anything else opens.
  const mosquitto = await startMosquittoSync(config, db, app.log);
  const deviceLink = await startDeviceLink(config, db, options.brokerPorts);
  // On PostgreSQL, events travel through LISTEN/NOTIFY so that every node sharing the database delivers them.
  const bus = config.databaseUrl ? createPgBus(config.databaseUrl, app.log) : createLocalBus();
  const hub = createHub(bus, app.log);
  const ipBlocking = createIpBlocking({ db, realtime: hub.realtime, clock: options.clock, log: app.log });
  // Each project's mail leaves by its own settings (MAIL_MODE and SMTP_* by default).
  const mailer = createMailer(db, (projectId) => mailConfigFor(db, config, projectId));
  // The background workers: registered now, started once the API is in place (server/workers).
  const workers = createWorkerRegistry();
  const context = () => ctx;
  const deviceTasks = deviceTasksWorker(workers, {
    ctx: context,
    link: deviceLink,
    config: config.deviceTasks,
    log: app.log,
    listen: (listener) =>
      bus.listen((message) => {
        if (message.kind === 'event') listener(message.topic, message.data);
      }),
  });
  const scheduler = announceSchedulerWorker(workers, { ctx: context, log: app.log });
  const mailSender = mailSenderWorker(workers, { db, mailer: () => ctx.mailer });
  registerPlainWorkers(workers, {
    db,
    ipBlocking,
    auditRetention: options.auditRetention ?? config.system.auditRetentionDays,
    statistics: options.statistics ?? false,
    log: app.log,
  });
  app.decorate('auditReaders', new Map());
  app.decorate('auditEnabled', options.audit ?? true);
  app.decorate('auditFailures', { count: 0 });
  const metrics = createServerMetrics({ workers, auditFailures: app.auditFailures });
  const ctx: AppContext = {
    config,
    db,
    jwtKey: resolveJwtKey(config),
    startedAt: new Date(),
    mailer,
    realtime: hub.realtime,
    sip: createSipService({
      config,
      db,
      realtime: hub.realtime,
      ipBlocking,
      log: app.log,
      // Awaiting calls get real media (werift endpoints in this process) unless a test gives its own.
      media: options.media ?? (() => createMediaEndpoint(config.media)),
    }),
    ipBlocking,
    deviceLink,
    deviceStatus: options.deviceStatus ?? linkStatusSource(deviceLink),
    deviceTasks,
    clock: options.clock ?? systemClock,
    workers,
    mailSender,
    metrics,
    licensing: {
      db,
      clock: options.clock ?? systemClock,
      keys: trustedKeys(config.licences),
      instanceId: instanceId(config.dataDir),
      // Every member's console reloads its settings: the menu and the calls follow the new features.
      featuresChanged: async (projectId) => {
        const members = await db
          .selectFrom('memberships')
          .select('user_id')
          .where('project_id', '=', projectId)
          .execute();
        publishProfileChanged(
          hub.realtime,
          projectId,
          members.map((m) => m.user_id),
        );
      },
    },
  };
  app.decorate('ctx', ctx);
  installMetrics(app, metrics);
  app.decorate('realtime', ctx.realtime);
  installErrorHandler(app);
  await installSecurityHeaders(app, ctx);
  await installCompression(app);
  await app.register(apiRoutes, { prefix: API_BASE, ctx, hub });
  installConsole(app, options.distDir ?? DEFAULT_DIST);
  app.decorate('announceScheduler', scheduler);
  const licenceWatch = startLicenceWatch(ctx, ctx.licensing, app.log);
  app.decorate('licenceWatch', licenceWatch);
  const reservations = startReservationScheduler(ctx, app.log);
  app.decorate('reservationScheduler', reservations);
  await workers.startAll();
  // Each project keeps its logs for its logs_life days (project settings).
  const pruning = startLogPruning(db, ctx.clock, app.log);
  const presence = followDevicePresence({
    db,
    link: deviceLink,
    realtime: hub.realtime,
    mailer,
    config,
    log: app.log,
  });
  // Granted passages at doors linked to a video platform run its macro, off the ingestion's path.
  const videoMacros = createMacroRunner({ db, log: app.log });
  const events = followDeviceEvents({
    db,
    link: deviceLink,
    realtime: hub.realtime,
    log: app.log,
    access: { deviceTasks, config, clock: ctx.clock },
    onGranted: (passages) => videoMacros.enqueue(passages),
  });
  app.decorate('deviceEvents', events.ingestion);
  app.addHook('onClose', async () => {
    // First: a reservation tick in flight may still ask for door syncs.
    await reservations.stop();
    // Then: a closing link says every device is offline, which is no news to record or notify.
    const presenceStopped = presence.stop();
    // Stop every worker; closing the link ends the task requests in flight (tried again later, by id).
    const draining = workers.stopAll();
    events.stop();
    await deviceLink.close();
    await presenceStopped;
    await mosquitto?.close();
    await draining;
    await events.ingestion.drain();
    videoMacros.stop();
    await videoMacros.drain();
    await ctx.sip.stop();
    await licenceWatch.stop();
    pruning.stop();
    await ctx.mailer.close();
    await hub.close();
    serverLogger?.close();
  });
  await bus.ready;
  await app.ready();
  return app;
}
