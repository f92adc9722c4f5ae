import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { createDatabase } from './db/dialects';
import { migrateToLatest } from './db/migrate';
import { type SeedReport, seedIfEmpty } from './db/seed/seed';
import { databaseStartupProblem } from './db/startup-problem';
import { createMediaEndpoint } from './media/endpoint';
import type { BrokerStatus } from './mqtt/link';
import { type DemoHardware, startDemoHardware } from './simulator/demo-run';
import { syncDemoDoors } from './simulator/demo-sync';
import type { SipService } from './sip/service';

/** Composes the server: configuration, database, first-start seed, HTTP. Nothing else lives here. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Gatehouse cannot start:\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const db = createDatabase(config);
  let seed: SeedReport;
  try {
    await migrateToLatest(db);
    seed = await seedIfEmpty(db, config);
  } catch (error) {
    const problem = databaseStartupProblem(error, config.databaseUrl);
    if (!problem) throw error;
    // One line a person can act on; the driver's stack says nothing more to them.
    console.error(`Gatehouse cannot start: ${problem}`);
    await db.destroy().catch(() => undefined);
    process.exit(1);
  }
  // Awaiting calls get real media: werift endpoints in this process (docs/decisions.md, "Media for awaiting calls").
  // Planner statistics after migrations and the seed, then hourly (docs/decisions.md, Lists): a worker.
  const app = await buildApp({ config, db, media: () => createMediaEndpoint(config.media), statistics: true });
  let demoHardware: DemoHardware | null = null;

  let stopping = false;
  const stop = async (signal: string) => {
    // Ctrl-C reaches this process twice (from the terminal and forwarded by scripts/start.mjs): stop once.
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await demoHardware?.stop();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`Gatehouse is running at http://${host}:${config.port}`);
  logBroker(app.ctx.deviceLink.status());
  const sipPort = await startSip(app.ctx.sip);
  if (config.simulator.enabled) {
    demoHardware = await startDemoHardware({
      db,
      simulator: config.simulator,
      link: app.ctx.deviceLink,
      searchPort: config.deviceSearch.port,
      sip: sipPort === null ? null : { url: `wss://${dialHost(config.host)}:${sipPort}`, realm: app.ctx.sip.domain },
      media: config.media,
      log: (line) => console.log(line),
      error: (line) => console.error(line),
    });
    // The simulated doors hold factory lists until the server sends its own.
    await syncDemoDoors(app.ctx).catch((error: unknown) => console.error(`Demo doors not synced: ${String(error)}`));
  }
  if (seed.created) console.log(firstStartNotice(seed));
}

/** Where devices connect (or which broker the link uses). */
function logBroker(status: BrokerStatus): void {
  if (status.mode === 'external') console.log(`Devices: external MQTT broker ${status.url}`);
  else if (status.listeners.length === 0)
    console.log('Devices: embedded MQTT broker without listeners (MQTT_PORT off)');
  else
    console.log(
      `Devices: MQTT broker on ${status.listeners.map((l) => `${l.protocol}://${l.host}:${l.port}`).join(', ')}`,
    );
}

/** An address this process can connect to its own listener on. */
function dialHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The embedded SIP server. A failure to start it (port taken, bad certificate)
 * is reported but does not stop the console: /sip/status shows the error and
 * /sip/restart retries.
 */
async function startSip(sip: SipService): Promise<number | null> {
  try {
    const port = await sip.start();
    const cert = sip.certificate;
    console.log(`SIP over WSS on port ${port}, domain ${sip.domain}`);
    if (cert?.selfSigned) {
      console.log(`  Self-signed certificate ${cert.certPath}: see README "SIP certificate" to trust it.`);
    }
    return port;
  } catch (error) {
    console.error(`SIP server did not start: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** What only the first start can tell: the credentials it created. Generated passwords are shown this once. */
function firstStartNotice(seed: SeedReport): string {
  const lines = ['', 'First start: the database was created.'];
  lines.push(
    seed.admin.generatedPassword
      ? `  Administrator: ${seed.admin.login} / ${seed.admin.generatedPassword}  (shown only now: write it down)`
      : `  Administrator: ${seed.admin.login} (password from GATEHOUSE_ADMIN_PASSWORD)`,
  );
  if (seed.demo) {
    const password = seed.demo.generatedPassword ?? '(password from GATEHOUSE_DEMO_PASSWORD)';
    lines.push(`  Demo users: ${seed.demo.logins.join(', ')} / ${password}`);
    lines.push("  The residence's generated people (firstname.lastname, see the users list) share that password.");
  }
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error('Gatehouse failed to start:', error);
  process.exit(1);
});
