import { createPublicKey } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { MOBILE_APP_LINKS, SECURE_WEBSOCKET_PORT } from '../src/contract/constants';
import { blockInside, DEFAULT_SEARCH_ALLOW, parseIpv4Cidr } from '../src/contract/device-search';
import { AUDIT_RETENTION_DAYS_DEFAULT } from '../src/contract/entities/audit-event';
import { normaliseAddressOrRange } from '../src/contract/ip-address';
import type { MediaOptions } from './media/types';

/** Log levels Fastify's logger (pino) accepts. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The server's configuration, read once from the environment at start-up. */
export interface Config {
  host: string;
  port: number;
  /** Absolute path of the data directory (SQLite file, secrets, uploads). */
  dataDir: string;
  /** `postgres://…` when PostgreSQL is used; null means the embedded SQLite file. */
  databaseUrl: string | null;
  /** Path of the SQLite file (used only when databaseUrl is null). */
  sqliteFile: string;
  adminLogin: string;
  /** Null: a password is generated on first start and printed once. */
  adminPassword: string | null;
  demo: boolean;
  /**
   * GATEHOUSE_DEMO_SIZE: `full` (default) seeds the whole demo residence; `small` only the first
   * demo's few groups and named users (for tests that need a small world, and quick trials).
   */
  demoSize: 'full' | 'small';
  /** Null: one password for all demo users is generated on first start. */
  demoPassword: string | null;
  /** Null: read from (or generated into) DATA_DIR/jwt-secret. */
  jwtSecret: string | null;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Null when HOST is a wildcard address and no SIP_PROXY_HOST is set: clients cannot dial 0.0.0.0. */
  sipProxyHost: string | null;
  logLevel: (typeof LOG_LEVELS)[number];
  mail: MailConfig;
  /** People may register themselves (7.2 self-registration); off unless GATEHOUSE_SELF_REGISTRATION=1. */
  selfRegistration: boolean;
  /** The mobile companion app's store pages (QR app-store dialog); MOBILE_APP_STORE_URL, MOBILE_PLAY_STORE_URL. */
  mobileApps: { app_store_url: string; play_store_url: string };
  /** The browser softphone may be offered (GATEHOUSE_WEB_DIALER, on): the settings' is_web_dialer_enabled. */
  webDialer: boolean;
  /** Base URL of the console in links sent by mail (registration, recovery). */
  publicUrl: string;
  sip: SipConfig;
  /** Server-side media of awaiting calls (werift endpoints in this process). */
  media: MediaOptions;
  simulator: SimulatorConfig;
  /** The device link (issue 11): the embedded MQTT broker's listeners, or an external broker. */
  mqtt: MqttConfig;
  /** The device task queue (server/domain/devices/tasks). */
  deviceTasks: DeviceTasksConfig;
  /** Network search (7.4): where it may probe and on which port (server/domain/devices/search.ts). */
  deviceSearch: DeviceSearchConfig;
  /** The one queue every argon2 hash and verify goes through (server/domain/auth/password-pool.ts). */
  passwordHashing: PasswordHashingConfig;
  /**
   * Which peers may tell the client's address in X-Forwarded-For (Fastify's trustProxy): false (the
   * TCP peer is the client), true (every peer), or the proxies' addresses, ranges and proxy-addr names.
   */
  trustProxy: boolean | string[];
  /** Licences (server/domain/licences): the licence server and the keys licences are accepted from. */
  licences: LicenceConfig;
  /** Logs, audit retention and Prometheus (issue 14; docs/decisions.md, "System and metrics"). */
  system: SystemConfig;
}

export interface LicenceConfig {
  /** LICENCE_SERVER_URL: where "add from a licence server" asks (`POST {url}/features/state`); null: not offered. */
  serverUrl: string | null;
  /** LICENCE_DEV_KEY (default: on exactly with demo content): accept licences signed with the development key. */
  devKey: boolean;
  /** LICENCE_PUBLIC_KEYS: the vendor's public keys, `id=base64 SPKI DER` (Ed25519), comma-separated. */
  publicKeys: Record<string, string>;
}

/** Where the server keeps its operational traces and who may scrape its metrics. */
export interface SystemConfig {
  /** LOG_FILE_LEVEL (default info): the level written to rotating files under DATA_DIR/logs; `off`: none. */
  logFileLevel: (typeof LOG_LEVELS)[number] | 'off';
  /** DATA_DIR/logs. */
  logDir: string;
  /** AUDIT_RETENTION_DAYS (default 365): audit events older than this are removed. */
  auditRetentionDays: number;
  /** METRICS_TOKEN: a bearer token that lets a scraper read GET /metrics; null: only users with the permission. */
  metricsToken: string | null;
}

/** How hard argon2id works: `standard` (64 MiB, 3 passes) everywhere people log in; `low` (1 MiB, 1 pass) for test servers. */
export const PASSWORD_HASH_COSTS = ['standard', 'low'] as const;

/** PASSWORD_HASH_CONCURRENCY hashes at once; PASSWORD_HASH_QUEUE more may wait, beyond that 429. */
export interface PasswordHashingConfig {
  concurrency: number;
  waiting: number;
  /** PASSWORD_HASH_COST; a hash keeps its own parameters, so passwords hashed at either cost verify at both. */
  cost: (typeof PASSWORD_HASH_COSTS)[number];
}

/** The simulated hardware of demo mode (server/simulator). */
export interface SimulatorConfig {
  /**
   * GATEHOUSE_SIMULATOR (default: on with demo content, GATEHOUSE_DEMO): the demo door panel
   * registers its number, answers calls and opens on `#`; the demo's MQTT devices come online.
   */
  enabled: boolean;
  /**
   * GATEHOUSE_SIMULATOR_SIP (default on): the entrance panel's SIP side registers its number too.
   * Off: only its MQTT side runs, so a test can play the panel's number itself.
   */
  sip: boolean;
  /** Seconds between the panel's own calls to the concierge number; 0: it never calls by itself. */
  callInterval: number;
  /**
   * GATEHOUSE_SIMULATOR_ACTIVITY: mean seconds between the demo building's doings (identifiers
   * at the doors, plates, lift calls; outages and alarms at multiples of it); null (`0`, `off`): none.
   */
  activity: number | null;
}

/** The device task queue: how long a node holds a task it sent, and the retry schedule. */
export interface DeviceTasksConfig {
  /** DEVICE_TASK_LEASE_S (default 30): a task a dead node was sending is taken again after this. */
  leaseMs: number;
  /** DEVICE_TASK_RETRY_S (default 5,30,120,600): waits before attempts 2, 3, … (the last repeats). */
  retryMs: number[];
  /** DEVICE_TASK_MAX_ATTEMPTS (default 6): then the task is `error`. */
  maxAttempts: number;
}

/**
 * Network search: DEVICE_SEARCH_ALLOW (IPv4 CIDR blocks, comma-separated; default 127.0.0.0/8
 * only, so tests, the demo and benches never probe a real network) and DEVICE_SEARCH_PORT (the
 * discovery port asked at each address; default 80, section 9's device port).
 */
export interface DeviceSearchConfig {
  allow: string[];
  port: number;
}

/** The device link (server/mqtt): the embedded broker, or MQTT_URL's. */
export interface MqttConfig {
  /** MQTT_PORT (default 1883): MQTT, MQTTS with a certificate; null (`0` or `off`): no TCP listener. */
  port: number | null;
  /** MQTT_WS_PORT (default off): MQTT over WebSocket (WSS with a certificate), path /mqtt; null: off. */
  wsPort: number | null;
  /** MQTT_URL: an external broker (mqtt://, mqtts://, ws://, wss://); then no embedded broker. */
  url: string | null;
  /** MQTT_TLS_KEY and MQTT_TLS_CERT: PEM files; both null means plain MQTT and WebSocket. */
  tlsKey: string | null;
  tlsCert: string | null;
  /**
   * MQTT_DYNSEC (default 0, only with MQTT_URL): MQTT_URL's credential administers Mosquitto's
   * dynamic security plugin, and the server keeps the devices' logins there itself.
   */
  dynsec: boolean;
}

/** The embedded SIP server (issue 5): SIP over secure WebSocket. */
export interface SipConfig {
  /** Port of the WSS listener (0 in tests: any free port). */
  port: number;
  /** PEM certificate and key files; both null means a self-signed pair generated into DATA_DIR/sip-tls. */
  tlsCert: string | null;
  tlsKey: string | null;
}

/** Section 9 mail modes: `none` keeps every message in the outbox only; `smtp` also sends it. */
export const MAIL_MODES = ['none', 'smtp'] as const;
export interface MailConfig {
  mode: (typeof MAIL_MODES)[number];
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

/** A bad environment value. The message names the variable, so main can print it as is. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** One variable: its schema over the raw string and the phrase that explains a bad value. */
interface Rule<T> {
  schema: v.GenericSchema<string, T>;
  expected: string;
}

const integer = (min: number, max: number): Rule<number> => ({
  schema: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(min), v.maxValue(max)),
  expected: `an integer ${min}-${max}`,
});

const text = (max: number): Rule<string> => ({
  schema: v.pipe(v.string(), v.minLength(1), v.maxLength(max), v.regex(/^\S+$/)),
  expected: `a non-empty value without spaces (at most ${max} characters)`,
});

const password: Rule<string> = {
  // The console refuses passwords under 8 characters (PasswordChangeSchema); seeded ones follow the same rule.
  schema: v.pipe(v.string(), v.minLength(8), v.maxLength(128)),
  expected: 'a password of 8-128 characters',
};

const flag: Rule<boolean> = {
  schema: v.pipe(
    v.string(),
    v.picklist(['0', '1', 'true', 'false']),
    v.transform((s) => s === '1' || s === 'true'),
  ),
  expected: '0 or 1',
};

const postgresUrl: Rule<string> = {
  // Not `new URL()`: it rejects valid libpq forms such as `postgres://user@/db?host=/var/run/postgresql`.
  schema: v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/)),
  expected: 'a postgres:// or postgresql:// URL',
};

const secret: Rule<string> = {
  schema: v.pipe(v.string(), v.minLength(32)),
  expected: 'at least 32 characters',
};

const hashCost: Rule<(typeof PASSWORD_HASH_COSTS)[number]> = {
  schema: v.pipe(v.string(), v.picklist(PASSWORD_HASH_COSTS)),
  expected: `one of ${PASSWORD_HASH_COSTS.join(', ')}`,
};

const logLevel: Rule<(typeof LOG_LEVELS)[number]> = {
  schema: v.pipe(v.string(), v.picklist(LOG_LEVELS)),
  expected: `one of ${LOG_LEVELS.join(', ')}`,
};

/** Logins of the demo users (server/db/seed/demo.ts). */
export const DEMO_LOGINS = ['staff', 'concierge', 'concierge2', 'resident'];

const readableFile: Rule<string> = {
  schema: v.pipe(
    v.string(),
    v.transform((path) => resolve(path)),
    v.check((path) => {
      try {
        accessSync(path, constants.R_OK);
        return true;
      } catch {
        return false;
      }
    }),
  ),
  expected: 'the path of a readable PEM file',
};

/** A listener port, or `0` / `off` for none. */
/** Comma-separated whole seconds, 0 to a day each (`5,30,120`). */
const secondsList: Rule<number[]> = {
  schema: v.pipe(
    v.string(),
    v.regex(/^\d+(,\d+)*$/),
    v.transform((value) => value.split(',').map(Number)),
    v.check((list) => list.length <= 20 && list.every((s) => s <= 86_400)),
  ),
  expected: 'comma-separated seconds (at most 20, each 0-86400)',
};

const optionalPort: Rule<number | null> = {
  schema: v.pipe(
    v.string(),
    v.regex(/^(off|\d+)$/),
    v.transform((value) => (value === 'off' ? null : Number(value))),
    v.check((port) => port === null || port <= 65_535),
    v.transform((port) => (port === 0 ? null : port)),
  ),
  expected: 'a port 1-65535, or 0 or off for none',
};

/** Seconds 1-3600, or `0` / `off` for none. */
const activitySeconds: Rule<number | null> = {
  schema: v.pipe(
    v.string(),
    v.regex(/^(off|\d+)$/),
    v.transform((value) => (value === 'off' ? 0 : Number(value))),
    v.check((seconds) => seconds <= 3600),
    v.transform((seconds) => (seconds === 0 ? null : seconds)),
  ),
  expected: 'seconds 1-3600, or 0 or off for none',
};

/** IPv4 CIDR blocks, comma-separated. */
const cidrList: Rule<string[]> = {
  schema: v.pipe(
    v.string(),
    v.transform((value) => value.split(',').map((item) => item.trim())),
    v.check((items) => items.length > 0 && items.every((item) => parseIpv4Cidr(item) !== null)),
  ),
  expected: 'a comma-separated list of IPv4 CIDR blocks (a.b.c.d/n)',
};

const mqttUrl: Rule<string> = {
  schema: v.pipe(v.string(), v.regex(/^(mqtts?|wss?):\/\/\S+$/)),
  expected: 'an mqtt://, mqtts://, ws:// or wss:// URL',
};

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

const ipAddress: Rule<string> = {
  schema: v.pipe(
    v.string(),
    v.check((value) => isIP(value) !== 0 && !WILDCARD_HOSTS.has(value)),
  ),
  expected: 'an IP address of this machine that browsers can reach (not a wildcard address)',
};

const hostPortList: Rule<string[]> = {
  schema: v.pipe(
    v.string(),
    v.transform((value) => value.split(',').map((item) => item.trim())),
    v.check((items) => items.every((item) => /^[\w.-]+:\d{1,5}$/.test(item) && Number(item.split(':')[1]) <= 65_535)),
  ),
  expected: 'a comma-separated list of host:port',
};

const portRange: Rule<[number, number]> = {
  schema: v.pipe(
    v.string(),
    v.regex(/^\d+-\d+$/),
    v.transform((value) => value.split('-').map(Number) as [number, number]),
    v.check(([min, max]) => min >= 1024 && min <= max && max <= 65_535),
  ),
  expected: 'a range min-max of UDP ports within 1024-65535',
};

/** proxy-addr's names of address ranges, accepted in TRUST_PROXY. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const licenceServerUrl: Rule<string> = {
  schema: v.pipe(
    v.string(),
    v.regex(/^https?:\/\/\S+$/),
    v.transform((url) => url.replace(/\/+$/, '')),
  ),
  expected: 'an http:// or https:// URL',
};

const publicKeys: Rule<Record<string, string>> = {
  schema: v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9._-]{1,64}=[A-Za-z0-9+/]+={0,2}(,[A-Za-z0-9._-]{1,64}=[A-Za-z0-9+/]+={0,2})*$/),
    v.transform((value) =>
      Object.fromEntries(
        value.split(',').map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), pair.slice(at + 1)];
        }),
      ),
    ),
    v.check((keys) =>
      Object.values(keys).every((key) => {
        try {
          return (
            createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }).asymmetricKeyType ===
            'ed25519'
          );
        } catch {
          return false;
        }
      }),
    ),
  ),
  expected: 'comma-separated id=key pairs, each key an Ed25519 public key as base64 SPKI DER',
};

const trustProxy: Rule<boolean | string[]> = {
  schema: v.pipe(
    v.string(),
    v.transform((value): boolean | string[] => {
      if (value === '0' || value === 'false') return false;
      if (value === '1' || value === 'true') return true;
      return value.split(',').map((item) => item.trim());
    }),
    v.check(
      (value) =>
        typeof value === 'boolean' ||
        value.every((item) => PROXY_RANGE_NAMES.has(item) || normaliseAddressOrRange(item) !== null),
    ),
  ),
  expected: '0, 1, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal',
};

/**
 * Reads and validates the configuration. Pure apart from resolving DATA_DIR
 * against the working directory, so tests call it with a plain object.
 * Every bad variable is reported, one line each.
 */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];

  function read<T>(name: string, rule: Rule<T>): T | undefined;
  function read<T>(name: string, rule: Rule<T>, fallback: T): T;
  function read<T>(name: string, rule: Rule<T>, fallback?: T): T | undefined {
    const raw = env[name];
    // An empty variable counts as unset: `FOO= npm start` should not be an error.
    if (raw === undefined || raw === '') return fallback;
    const result = v.safeParse(rule.schema, raw);
    if (result.success) return result.output;
    problems.push(`${name} must be ${rule.expected}, got ${JSON.stringify(raw)}`);
    return fallback;
  }

  const host = read('HOST', text(255), '127.0.0.1');
  const port = read('PORT', integer(1, 65_535), 8080);
  const dataDir = resolve(
    read('DATA_DIR', { schema: v.pipe(v.string(), v.minLength(1)), expected: 'a path' }, './data'),
  );
  const databaseUrl = read('DATABASE_URL', postgresUrl) ?? null;
  const adminLogin = read('GATEHOUSE_ADMIN_LOGIN', text(255), 'admin');
  const adminPassword = read('GATEHOUSE_ADMIN_PASSWORD', password) ?? null;
  const demo = read('GATEHOUSE_DEMO', flag, true);
  const demoPassword = read('GATEHOUSE_DEMO_PASSWORD', password) ?? null;
  const demoSize = read(
    'GATEHOUSE_DEMO_SIZE',
    { schema: v.pipe(v.string(), v.picklist(['full', 'small'])), expected: 'full or small' },
    'full',
  ) as 'full' | 'small';
  const jwtSecret = read('JWT_SECRET', secret) ?? null;
  const accessTokenTtl = read('ACCESS_TOKEN_TTL', integer(1, 86_400), 900);
  const refreshTokenTtl = read('REFRESH_TOKEN_TTL', integer(60, 31_536_000), 2_592_000);
  const sipProxyHost = read('SIP_PROXY_HOST', text(255)) ?? (WILDCARD_HOSTS.has(host) ? null : host);
  // Quiet by default: start-up lines stay readable; errors and warnings still reach the log.
  const level = read('LOG_LEVEL', logLevel, 'warn');

  const mailMode = read(
    'MAIL_MODE',
    { schema: v.pipe(v.string(), v.picklist(MAIL_MODES)), expected: 'none or smtp' },
    'none',
  );
  const mail: MailConfig = {
    mode: mailMode,
    host: read('SMTP_HOST', text(255), '127.0.0.1'),
    port: read('SMTP_PORT', integer(1, 65_535), 25),
    secure: read('SMTP_SECURE', flag, false),
    user: read('SMTP_USER', text(255)) ?? null,
    password: read('SMTP_PASSWORD', { schema: v.pipe(v.string(), v.minLength(1)), expected: 'a value' }) ?? null,
    from: read(
      'MAIL_FROM',
      { schema: v.pipe(v.string(), v.email()), expected: 'an e-mail address' },
      'gatehouse@localhost',
    ),
  };
  const selfRegistration = read('GATEHOUSE_SELF_REGISTRATION', flag, false);
  const webDialer = read('GATEHOUSE_WEB_DIALER', flag, true);
  const publicUrl = read(
    'PUBLIC_URL',
    { schema: v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/)), expected: 'an http:// or https:// URL' },
    `http://${WILDCARD_HOSTS.has(host) ? '127.0.0.1' : host}:${port}`,
  ).replace(/\/+$/, '');

  const storeUrl = { schema: v.pipe(v.string(), v.regex(/^https:\/\/\S+$/)), expected: 'an https:// URL' };
  const mobileApps = {
    app_store_url: read('MOBILE_APP_STORE_URL', storeUrl, MOBILE_APP_LINKS.app_store_url),
    play_store_url: read('MOBILE_PLAY_STORE_URL', storeUrl, MOBILE_APP_LINKS.play_store_url),
  };

  const sip: SipConfig = {
    port: read('SIP_PORT', integer(0, 65_535), SECURE_WEBSOCKET_PORT),
    tlsCert: read('SIP_TLS_CERT', readableFile) ?? null,
    tlsKey: read('SIP_TLS_KEY', readableFile) ?? null,
  };
  if ((sip.tlsCert === null) !== (sip.tlsKey === null)) {
    problems.push('SIP_TLS_CERT and SIP_TLS_KEY must be given together (or neither, for a self-signed certificate)');
  }
  if (sip.port !== 0 && sip.port === port) problems.push(`SIP_PORT must differ from PORT, both are ${port}`);

  // ICE host candidates must be an address browsers reach: HOST, else the SIP proxy host, when they are one.
  const reachable = [host, sipProxyHost].find((h) => h !== null && isIP(h) !== 0 && !WILDCARD_HOSTS.has(h));
  const media: MediaOptions = {
    host: read('MEDIA_HOST', ipAddress, reachable ?? '127.0.0.1'),
    stunServers: read('MEDIA_STUN_SERVERS', hostPortList, []),
    portRange: read('MEDIA_PORT_RANGE', portRange) ?? null,
  };
  // With demo content the building lives by default; tests that need a quiet project say GATEHOUSE_SIMULATOR=0.
  const simulator: SimulatorConfig = {
    enabled: read('GATEHOUSE_SIMULATOR', flag, demo),
    sip: read('GATEHOUSE_SIMULATOR_SIP', flag, true),
    callInterval: read('GATEHOUSE_SIMULATOR_CALL_INTERVAL', integer(0, 86_400), 0),
    activity: read('GATEHOUSE_SIMULATOR_ACTIVITY', activitySeconds, 20),
  };
  const deviceTasks: DeviceTasksConfig = {
    leaseMs: read('DEVICE_TASK_LEASE_S', integer(1, 3_600), 30) * 1000,
    retryMs: read('DEVICE_TASK_RETRY_S', secondsList, [5, 30, 120, 600]).map((s) => s * 1000),
    maxAttempts: read('DEVICE_TASK_MAX_ATTEMPTS', integer(1, 100), 6),
  };
  const mqtt: MqttConfig = {
    port: read('MQTT_PORT', optionalPort, 1883),
    wsPort: read('MQTT_WS_PORT', optionalPort, null),
    url: read('MQTT_URL', mqttUrl) ?? null,
    tlsKey: read('MQTT_TLS_KEY', readableFile) ?? null,
    tlsCert: read('MQTT_TLS_CERT', readableFile) ?? null,
    dynsec: read('MQTT_DYNSEC', flag, false),
  };
  if (mqtt.dynsec && mqtt.url === null) problems.push('MQTT_DYNSEC needs MQTT_URL (a Mosquitto with the plugin)');
  if ((mqtt.tlsCert === null) !== (mqtt.tlsKey === null)) {
    problems.push('MQTT_TLS_CERT and MQTT_TLS_KEY must be given together (or neither)');
  }
  // With an external broker nothing listens here: its ports would only be a surprise.
  if (mqtt.url === null) {
    const taken = [
      ['PORT', port],
      ['SIP_PORT', sip.port],
    ] as const;
    for (const [name, value] of [
      ['MQTT_PORT', mqtt.port],
      ['MQTT_WS_PORT', mqtt.wsPort],
    ] as const) {
      const clash = taken.find(([, other]) => value !== null && other === value);
      if (clash) problems.push(`${name} must differ from ${clash[0]}, both are ${value}`);
    }
    if (mqtt.port !== null && mqtt.port === mqtt.wsPort)
      problems.push(`MQTT_WS_PORT must differ from MQTT_PORT, both are ${mqtt.port}`);
  }
  const deviceSearch: DeviceSearchConfig = {
    allow: read('DEVICE_SEARCH_ALLOW', cidrList, [...DEFAULT_SEARCH_ALLOW]),
    port: read('DEVICE_SEARCH_PORT', integer(1, 65_535), 80),
  };
  const passwordHashing: PasswordHashingConfig = {
    concurrency: read('PASSWORD_HASH_CONCURRENCY', integer(1, 64), 2),
    waiting: read('PASSWORD_HASH_QUEUE', integer(0, 10_000), 32),
    cost: read('PASSWORD_HASH_COST', hashCost, 'standard'),
  };
  const trustProxySetting = read('TRUST_PROXY', trustProxy, false);
  const licences: LicenceConfig = {
    serverUrl: read('LICENCE_SERVER_URL', licenceServerUrl) ?? null,
    devKey: read('LICENCE_DEV_KEY', flag, demo),
    publicKeys: read('LICENCE_PUBLIC_KEYS', publicKeys, {}),
  };
  const system: SystemConfig = {
    logFileLevel: read(
      'LOG_FILE_LEVEL',
      {
        schema: v.pipe(v.string(), v.picklist([...LOG_LEVELS, 'off'])),
        expected: `one of ${LOG_LEVELS.join(', ')}, off`,
      },
      'info',
    ),
    logDir: resolve(dataDir, 'logs'),
    auditRetentionDays: read('AUDIT_RETENTION_DAYS', integer(1, 36_500), AUDIT_RETENTION_DAYS_DEFAULT),
    metricsToken:
      read('METRICS_TOKEN', {
        schema: v.pipe(v.string(), v.minLength(24), v.maxLength(256), v.regex(/^[\x21-\x7e]+$/)),
        expected: 'at least 24 printable characters without spaces',
      }) ?? null,
  };
  // The demo's devices are simulated on loopback: a demo server never probes a real network.
  if (demo && !deviceSearch.allow.every((block) => blockInside(block, DEFAULT_SEARCH_ALLOW)))
    problems.push('DEVICE_SEARCH_ALLOW may name only blocks inside 127.0.0.0/8 while GATEHOUSE_DEMO=1');
  // It dials as the demo door panel: without demo content there is no panel number to register.
  if (simulator.enabled && !demo)
    problems.push('GATEHOUSE_SIMULATOR=1 needs GATEHOUSE_DEMO=1 (it is the demo door panel)');

  // The demo users are created with these logins; an administrator with one of them would clash.
  if (demo && DEMO_LOGINS.includes(adminLogin)) {
    problems.push(
      `GATEHOUSE_ADMIN_LOGIN must differ from the demo logins (${DEMO_LOGINS.join(', ')}) unless GATEHOUSE_DEMO=0, got "${adminLogin}"`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  return {
    host,
    port,
    dataDir,
    databaseUrl,
    sqliteFile: resolve(dataDir, 'gatehouse.sqlite'),
    adminLogin,
    adminPassword,
    demo,
    demoSize,
    demoPassword,
    jwtSecret,
    accessTokenTtl,
    refreshTokenTtl,
    sipProxyHost,
    logLevel: level,
    mail,
    selfRegistration,
    mobileApps,
    webDialer,
    publicUrl,
    sip,
    media,
    simulator,
    mqtt,
    deviceTasks,
    deviceSearch,
    passwordHashing,
    trustProxy: trustProxySetting,
    licences,
    system,
  };
}
