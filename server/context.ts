import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Clock } from './domain/clock';
import type { DeviceStatusSource } from './domain/devices/status';
import type { TaskRunner } from './domain/devices/tasks/runner';
import type { LicenceEnv } from './domain/licences/licence-store';
import type { IpBlocking } from './domain/security/ip-blocking';
import type { ServerMetrics } from './http/plumbing/metrics';
import type { Mailer } from './mail/mailer';
import type { MailSender } from './mail/sender';
import type { DeviceLink } from './mqtt/link';
import type { Realtime } from './realtime/realtime';
import type { SipService } from './sip/service';
import type { WorkerRegistry } from './workers/registry';

/** What routes and rules need from the running server; built once by buildApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  /** HS256 key of access tokens. */
  jwtKey: Uint8Array;
  startedAt: Date;
  mailer: Mailer;
  /** Pushes events to consoles over the realtime hub (7.10), on every server node. */
  realtime: Realtime;
  /** The embedded SIP server (issue 5); built here, started by main.ts (tests start it on port 0). */
  sip: SipService;
  /** IP blocking (7.8): bans, counters and the whitelist the credential calls and the SIP server share. */
  ipBlocking: IpBlocking;
  /** The device link (server/mqtt): the embedded broker or MQTT_URL's; closed with the app. */
  deviceLink: DeviceLink;
  /** Live device status (online/offline): over the device link (link-status.ts). Replaceable in tests. */
  deviceStatus: DeviceStatusSource;
  /** The device task queue's sender on this node (server/domain/devices/tasks): kicked when tasks are made. */
  deviceTasks: TaskRunner;
  /** The time rules that last read (remote control sessions); tests move it on. */
  clock: Clock;
  /** Licences: the trusted keys, this installation's id and the clock licence states read. */
  licensing: LicenceEnv;
  /** The background workers of this node, started, stopped and restarted by name (server/workers). */
  workers: WorkerRegistry;
  /** Sends the outbox's waiting mail (a retry kicks it). */
  mailSender: Pick<MailSender, 'kick' | 'idle'>;
  /** This node's request metrics (the web metrics screen, Prometheus). */
  metrics: ServerMetrics;
}
