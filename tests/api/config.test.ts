import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_LOGINS, loadConfig } from '../../server/config';
import { DEMO_USERS } from '../../server/db/seed/demo';
import { resolveJwtKey } from '../../server/secrets';

/** The error loadConfig throws for this environment (fails the test when it does not throw). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      host: '127.0.0.1',
      port: 8080,
      dataDir: resolve('./data'),
      databaseUrl: null,
      sqliteFile: resolve('./data/gatehouse.sqlite'),
      adminLogin: 'admin',
      adminPassword: null,
      demo: true,
      demoSize: 'full',
      demoPassword: null,
      jwtSecret: null,
      accessTokenTtl: 900,
      refreshTokenTtl: 2_592_000,
      sipProxyHost: '127.0.0.1',
      logLevel: 'warn',
      mail: {
        mode: 'none',
        host: '127.0.0.1',
        port: 25,
        secure: false,
        user: null,
        password: null,
        from: 'gatehouse@localhost',
      },
      selfRegistration: false,
      webDialer: true,
      mobileApps: {
        app_store_url: 'https://apps.apple.com/search?term=Gatehouse',
        play_store_url: 'https://play.google.com/store/search?q=Gatehouse&c=apps',
      },
      publicUrl: 'http://127.0.0.1:8080',
      sip: { port: 8443, tlsCert: null, tlsKey: null },
      media: { host: '127.0.0.1', stunServers: [], portRange: null },
      // With demo content (the default) the demo's simulated hardware runs and the building lives.
      simulator: { enabled: true, sip: true, callInterval: 0, activity: 20 },
      mqtt: { port: 1883, wsPort: null, url: null, tlsKey: null, tlsCert: null, dynsec: false },
      deviceTasks: { leaseMs: 30_000, retryMs: [5_000, 30_000, 120_000, 600_000], maxAttempts: 6 },
      deviceSearch: { allow: ['127.0.0.0/8'], port: 80 },
      passwordHashing: { concurrency: 2, waiting: 32, cost: 'standard' },
      trustProxy: false,
      // The development licence key is accepted exactly when demo content is on.
      licences: { serverUrl: null, devKey: true, publicKeys: {} },
      system: { logFileLevel: 'info', logDir: resolve('data/logs'), auditRetentionDays: 365, metricsToken: null },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '192.168.1.10',
      PORT: '9000',
      DATA_DIR: '/srv/gatehouse',
      DATABASE_URL: 'postgresql://gh:secret@db.local:5432/gatehouse',
      GATEHOUSE_ADMIN_LOGIN: 'root',
      GATEHOUSE_ADMIN_PASSWORD: 'correct horse',
      GATEHOUSE_DEMO: '0',
      GATEHOUSE_DEMO_PASSWORD: 'demo-password',
      GATEHOUSE_DEMO_SIZE: 'small',
      JWT_SECRET: 'x'.repeat(32),
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '3600',
      SIP_PROXY_HOST: 'sip.example.com',
      LOG_LEVEL: 'debug',
      MAIL_MODE: 'smtp',
      SMTP_HOST: 'mail.local',
      SMTP_PORT: '587',
      SMTP_SECURE: '1',
      SMTP_USER: 'relay',
      SMTP_PASSWORD: 'relay secret',
      GATEHOUSE_WEB_DIALER: '0',
      MAIL_FROM: 'doors@example.org',
      PUBLIC_URL: 'https://doors.example.org/',
      GATEHOUSE_SELF_REGISTRATION: '1',
      MOBILE_APP_STORE_URL: 'https://apps.apple.com/app/id1',
      MOBILE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=org.example',
      SIP_PORT: '5061',
      SIP_TLS_CERT: 'package.json',
      SIP_TLS_KEY: 'tsconfig.json',
      MEDIA_HOST: '192.168.1.11',
      MEDIA_STUN_SERVERS: 'stun.example.org:3478, 10.0.0.1:19302',
      MEDIA_PORT_RANGE: '20000-20999',
      GATEHOUSE_SIMULATOR_CALL_INTERVAL: '120',
      GATEHOUSE_SIMULATOR_ACTIVITY: '5',
      GATEHOUSE_SIMULATOR_SIP: '0',
      MQTT_PORT: '8883',
      MQTT_WS_PORT: '8884',
      MQTT_URL: 'mqtts://gh:secret@broker.local:8883',
      MQTT_DYNSEC: '1',
      DEVICE_TASK_LEASE_S: '45',
      DEVICE_TASK_RETRY_S: '1,2,3',
      DEVICE_TASK_MAX_ATTEMPTS: '4',
      MQTT_TLS_KEY: 'tsconfig.json',
      MQTT_TLS_CERT: 'package.json',
      PASSWORD_HASH_CONCURRENCY: '4',
      PASSWORD_HASH_QUEUE: '0',
      PASSWORD_HASH_COST: 'low',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, loopback',
      LOG_FILE_LEVEL: 'warn',
      AUDIT_RETENTION_DAYS: '90',
      METRICS_TOKEN: 'prometheus-scrape-token-0123456789',
      DEVICE_SEARCH_ALLOW: '192.168.1.0/24, 10.2.0.0/16',
      DEVICE_SEARCH_PORT: '8080',
      LICENCE_SERVER_URL: 'https://licences.example.org/',
      LICENCE_DEV_KEY: '1',
      LICENCE_PUBLIC_KEYS: 'vendor-2026=MCowBQYDK2VwAyEArdcSyDUUP5lvZLxaqVC79gpNMxLgTKbX3VmvqoVvYhc=',
    });
    expect(config).toEqual({
      host: '192.168.1.10',
      port: 9000,
      dataDir: '/srv/gatehouse',
      databaseUrl: 'postgresql://gh:secret@db.local:5432/gatehouse',
      sqliteFile: '/srv/gatehouse/gatehouse.sqlite',
      adminLogin: 'root',
      adminPassword: 'correct horse',
      demo: false,
      demoSize: 'small',
      demoPassword: 'demo-password',
      jwtSecret: 'x'.repeat(32),
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
      sipProxyHost: 'sip.example.com',
      logLevel: 'debug',
      mail: {
        mode: 'smtp',
        host: 'mail.local',
        port: 587,
        secure: true,
        user: 'relay',
        password: 'relay secret',
        from: 'doors@example.org',
      },
      selfRegistration: true,
      webDialer: false,
      mobileApps: {
        app_store_url: 'https://apps.apple.com/app/id1',
        play_store_url: 'https://play.google.com/store/apps/details?id=org.example',
      },
      publicUrl: 'https://doors.example.org',
      sip: { port: 5061, tlsCert: resolve('package.json'), tlsKey: resolve('tsconfig.json') },
      media: {
        host: '192.168.1.11',
        stunServers: ['stun.example.org:3478', '10.0.0.1:19302'],
        portRange: [20000, 20999],
      },
      // GATEHOUSE_DEMO=0: nothing to simulate.
      simulator: { enabled: false, sip: false, callInterval: 120, activity: 5 },
      mqtt: {
        port: 8883,
        wsPort: 8884,
        url: 'mqtts://gh:secret@broker.local:8883',
        tlsKey: resolve('tsconfig.json'),
        tlsCert: resolve('package.json'),
        dynsec: true,
      },
      deviceTasks: { leaseMs: 45_000, retryMs: [1_000, 2_000, 3_000], maxAttempts: 4 },
      deviceSearch: { allow: ['192.168.1.0/24', '10.2.0.0/16'], port: 8080 },
      passwordHashing: { concurrency: 4, waiting: 0, cost: 'low' },
      trustProxy: ['10.0.0.1', '10.1.0.0/16', 'loopback'],
      licences: {
        serverUrl: 'https://licences.example.org',
        devKey: true,
        publicKeys: { 'vendor-2026': 'MCowBQYDK2VwAyEArdcSyDUUP5lvZLxaqVC79gpNMxLgTKbX3VmvqoVvYhc=' },
      },
      system: {
        logFileLevel: 'warn',
        logDir: '/srv/gatehouse/logs',
        auditRetentionDays: 90,
        metricsToken: 'prometheus-scrape-token-0123456789',
      },
    });
  });

  it('gathers media on HOST, else on an IP-literal SIP_PROXY_HOST, else on loopback', () => {
    expect(loadConfig({ HOST: '10.0.0.5' }).media.host).toBe('10.0.0.5');
    expect(loadConfig({ HOST: '0.0.0.0', SIP_PROXY_HOST: '10.0.0.6' }).media.host).toBe('10.0.0.6');
    expect(loadConfig({ HOST: '0.0.0.0', SIP_PROXY_HOST: 'gate.example.com' }).media.host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: 'localhost' }).media.host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', MEDIA_HOST: '::1' }).media.host).toBe('::1');
  });

  it('reads TRUST_PROXY as off, on, or the proxies to trust, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2001:db8::/32,uniquelocal' }).trustProxy).toEqual([
      '2001:db8::/32',
      'uniquelocal',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,,10.0.0.2', 'proxy.local']) {
      expect(configError({ TRUST_PROXY: bad }).message).toContain(
        'TRUST_PROXY must be 0, 1, or a comma-separated list',
      );
    }
  });

  it('refuses a short metrics token, a zero audit retention and an unknown file log level', () => {
    expect(configError({ METRICS_TOKEN: 'short' }).message).toContain('METRICS_TOKEN must be at least 24');
    expect(configError({ AUDIT_RETENTION_DAYS: '0' }).message).toContain('AUDIT_RETENTION_DAYS must be an integer');
    expect(configError({ LOG_FILE_LEVEL: 'loud' }).message).toContain('LOG_FILE_LEVEL must be one of');
    expect(loadConfig({ LOG_FILE_LEVEL: 'off' }).system.logFileLevel).toBe('off');
  });

  it('validates the password hashing pool', () => {
    expect(configError({ PASSWORD_HASH_CONCURRENCY: '0' }).message).toContain(
      'PASSWORD_HASH_CONCURRENCY must be an integer 1-64',
    );
    expect(configError({ PASSWORD_HASH_QUEUE: '-1' }).message).toContain(
      'PASSWORD_HASH_QUEUE must be an integer 0-10000',
    );
    expect(configError({ PASSWORD_HASH_COST: 'none' }).message).toContain(
      'PASSWORD_HASH_COST must be one of standard, low',
    );
  });

  it('reads and validates the broker settings', () => {
    expect(loadConfig({ MQTT_PORT: '0', MQTT_WS_PORT: 'off' }).mqtt.port).toBeNull();
    expect(loadConfig({ MQTT_PORT: 'off', MQTT_WS_PORT: '8083' }).mqtt).toEqual({
      port: null,
      wsPort: 8083,
      url: null,
      tlsKey: null,
      tlsCert: null,
      dynsec: false,
    });
    expect(configError({ MQTT_PORT: '70000' }).message).toContain('MQTT_PORT must be a port 1-65535, or 0 or off');
    expect(configError({ MQTT_WS_PORT: 'on' }).message).toContain('MQTT_WS_PORT must be a port 1-65535');
    expect(configError({ MQTT_URL: 'http://broker.local' }).message).toContain(
      'MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL',
    );
    expect(configError({ MQTT_TLS_KEY: 'package.json' }).message).toContain(
      'MQTT_TLS_CERT and MQTT_TLS_KEY must be given together',
    );
    expect(configError({ MQTT_PORT: '8080' }).message).toContain('MQTT_PORT must differ from PORT, both are 8080');
    expect(configError({ MQTT_WS_PORT: '1883' }).message).toContain('MQTT_WS_PORT must differ from MQTT_PORT');
    expect(configError({ MQTT_DYNSEC: '1' }).message).toContain('MQTT_DYNSEC needs MQTT_URL');
    expect(configError({ MQTT_URL: 'mqtt://broker.local', MQTT_DYNSEC: 'yes' }).message).toContain(
      'MQTT_DYNSEC must be 0 or 1',
    );
    expect(loadConfig({ MQTT_URL: 'mqtt://broker.local', MQTT_DYNSEC: '1' }).mqtt.dynsec).toBe(true);
    // An external broker: nothing listens here, so the ports do not clash.
    expect(loadConfig({ MQTT_URL: 'mqtt://broker.local', MQTT_PORT: '8080' }).mqtt.url).toBe('mqtt://broker.local');
  });

  it('validates the media and simulator settings', () => {
    expect(configError({ MEDIA_HOST: 'gate.example.com' }).message).toContain('MEDIA_HOST must be an IP address');
    expect(configError({ MEDIA_HOST: '0.0.0.0' }).message).toContain('MEDIA_HOST must be an IP address');
    expect(configError({ MEDIA_STUN_SERVERS: 'stun.example.org' }).message).toContain(
      'MEDIA_STUN_SERVERS must be a comma-separated list of host:port',
    );
    expect(configError({ MEDIA_STUN_SERVERS: 'stun.example.org:99999' }).message).toContain('MEDIA_STUN_SERVERS');
    for (const range of ['30000', '500-600', '40000-30000', '60000-70000']) {
      expect(configError({ MEDIA_PORT_RANGE: range }).message).toContain('MEDIA_PORT_RANGE must be a range min-max');
    }
    expect(configError({ GATEHOUSE_SIMULATOR: 'on' }).message).toContain('GATEHOUSE_SIMULATOR must be 0 or 1');
    expect(configError({ GATEHOUSE_SIMULATOR_CALL_INTERVAL: '-1' }).message).toContain(
      'GATEHOUSE_SIMULATOR_CALL_INTERVAL must be an integer 0-86400',
    );
    expect(configError({ GATEHOUSE_SIMULATOR: '1', GATEHOUSE_DEMO: '0' }).message).toContain(
      'GATEHOUSE_SIMULATOR=1 needs GATEHOUSE_DEMO=1',
    );
    expect(loadConfig({ GATEHOUSE_SIMULATOR: '1' }).simulator).toEqual({
      enabled: true,
      sip: true,
      callInterval: 0,
      activity: 20,
    });
    expect(loadConfig({ GATEHOUSE_SIMULATOR: '0' }).simulator.enabled).toBe(false);
    expect(loadConfig({ GATEHOUSE_DEMO: '0' }).simulator.enabled).toBe(false);
    expect(configError({ GATEHOUSE_SIMULATOR_SIP: 'no' }).message).toContain('GATEHOUSE_SIMULATOR_SIP must be 0 or 1');
    expect(loadConfig({ GATEHOUSE_SIMULATOR_ACTIVITY: 'off' }).simulator.activity).toBeNull();
    expect(loadConfig({ GATEHOUSE_SIMULATOR_ACTIVITY: '0' }).simulator.activity).toBeNull();
    expect(loadConfig({ GATEHOUSE_SIMULATOR_ACTIVITY: '3600' }).simulator.activity).toBe(3600);
    for (const bad of ['3601', 'fast', '-5', '1.5']) {
      expect(configError({ GATEHOUSE_SIMULATOR_ACTIVITY: bad }).message).toContain(
        'GATEHOUSE_SIMULATOR_ACTIVITY must be seconds 1-3600, or 0 or off for none',
      );
    }
  });

  it('keeps the network search on loopback unless told, and always in demo mode', () => {
    expect(configError({ DEVICE_SEARCH_ALLOW: '10.0.0.0/33' }).message).toContain(
      'DEVICE_SEARCH_ALLOW must be a comma-separated list of IPv4 CIDR blocks (a.b.c.d/n)',
    );
    expect(configError({ DEVICE_SEARCH_PORT: '0' }).message).toContain('DEVICE_SEARCH_PORT must be an integer 1-65535');
    expect(configError({ DEVICE_SEARCH_ALLOW: '192.168.0.0/16' }).message).toContain(
      'DEVICE_SEARCH_ALLOW may name only blocks inside 127.0.0.0/8 while GATEHOUSE_DEMO=1',
    );
    expect(configError({ DEVICE_SEARCH_ALLOW: '127.0.0.0/7' }).message).toContain('inside 127.0.0.0/8');
    expect(loadConfig({ DEVICE_SEARCH_ALLOW: '127.0.2.0/24' }).deviceSearch).toEqual({
      allow: ['127.0.2.0/24'],
      port: 80,
    });
    expect(loadConfig({ GATEHOUSE_DEMO: '0', DEVICE_SEARCH_ALLOW: '192.168.0.0/16' }).deviceSearch.allow).toEqual([
      '192.168.0.0/16',
    ]);
  });

  it('validates the SIP listener settings', () => {
    expect(configError({ SIP_PORT: '70000' }).message).toContain('SIP_PORT must be an integer 0-65535');
    expect(configError({ SIP_TLS_CERT: '/no/such/cert.pem', SIP_TLS_KEY: 'package.json' }).message).toContain(
      'SIP_TLS_CERT must be the path of a readable PEM file',
    );
    expect(configError({ SIP_TLS_CERT: 'package.json' }).message).toContain(
      'SIP_TLS_CERT and SIP_TLS_KEY must be given together',
    );
    expect(configError({ SIP_PORT: '9000', PORT: '9000' }).message).toContain('SIP_PORT must differ from PORT');
    expect(loadConfig({ SIP_PORT: '0' }).sip.port).toBe(0);
  });

  it('takes only https:// store pages for the mobile app', () => {
    expect(configError({ MOBILE_APP_STORE_URL: 'http://apps.apple.com/app/id1' }).message).toContain(
      'MOBILE_APP_STORE_URL must be an https:// URL',
    );
    expect(configError({ MOBILE_PLAY_STORE_URL: 'javascript:alert(1)' }).message).toContain(
      'MOBILE_PLAY_STORE_URL must be an https:// URL',
    );
  });

  it('defaults SIP_PROXY_HOST to HOST, but not to a wildcard address nobody can dial', () => {
    expect(loadConfig({ HOST: '10.0.0.5' }).sipProxyHost).toBe('10.0.0.5');
    expect(loadConfig({ HOST: '0.0.0.0' }).sipProxyHost).toBeNull();
    expect(loadConfig({ HOST: '0.0.0.0', SIP_PROXY_HOST: 'gate.example.com' }).sipProxyHost).toBe('gate.example.com');
  });

  it('accepts a PostgreSQL URL with a socket directory', () => {
    const url = 'postgres://root@/postgres?host=/var/run/postgresql';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer 1-65535, got "abc"'],
    ['PORT', '70000', 'PORT must be an integer 1-65535, got "70000"'],
    ['PORT', '0', 'PORT must be an integer 1-65535, got "0"'],
    ['PORT', '80.5', 'PORT must be an integer 1-65535, got "80.5"'],
    [
      'DATABASE_URL',
      'mysql://localhost/gh',
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://localhost/gh"',
    ],
    [
      'DATABASE_URL',
      'gatehouse.sqlite',
      'DATABASE_URL must be a postgres:// or postgresql:// URL, got "gatehouse.sqlite"',
    ],
    ['GATEHOUSE_DEMO', 'yes', 'GATEHOUSE_DEMO must be 0 or 1, got "yes"'],
    ['GATEHOUSE_DEMO_SIZE', 'huge', 'GATEHOUSE_DEMO_SIZE must be full or small, got "huge"'],
    ['HOST', 'my host', 'HOST must be'],
    ['GATEHOUSE_ADMIN_PASSWORD', 'short', 'GATEHOUSE_ADMIN_PASSWORD must be a password of 8-128 characters'],
    ['GATEHOUSE_DEMO_PASSWORD', '1234', 'GATEHOUSE_DEMO_PASSWORD must be a password of 8-128 characters'],
    ['JWT_SECRET', 'too-short', 'JWT_SECRET must be at least 32 characters'],
    ['ACCESS_TOKEN_TTL', '0', 'ACCESS_TOKEN_TTL must be an integer 1-86400, got "0"'],
    ['REFRESH_TOKEN_TTL', '-5', 'REFRESH_TOKEN_TTL must be an integer 60-31536000, got "-5"'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['MAIL_MODE', 'sendmail', 'MAIL_MODE must be none or smtp'],
    ['SMTP_PORT', '0', 'SMTP_PORT must be an integer 1-65535'],
    ['MAIL_FROM', 'nobody', 'MAIL_FROM must be an e-mail address'],
    ['PUBLIC_URL', 'doors.example.org', 'PUBLIC_URL must be an http:// or https:// URL'],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(message);
  });

  it('reports every bad variable at once, one per line', () => {
    const error = configError({ PORT: 'abc', GATEHOUSE_DEMO: 'maybe', DATABASE_URL: 'sqlite://x' });
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.split(' ')[0]).sort()).toEqual(['DATABASE_URL', 'GATEHOUSE_DEMO', 'PORT']);
  });

  it('refuses an administrator login that a demo user will take, unless demo content is off', () => {
    expect(configError({ GATEHOUSE_ADMIN_LOGIN: 'staff' }).message).toContain('GATEHOUSE_ADMIN_LOGIN must differ');
    expect(loadConfig({ GATEHOUSE_ADMIN_LOGIN: 'staff', GATEHOUSE_DEMO: '0' }).adminLogin).toBe('staff');
  });

  it('knows the demo logins the seed creates', () => {
    expect(DEMO_USERS.map((u) => u.login)).toEqual(DEMO_LOGINS);
  });
});

describe('JWT key', () => {
  it('uses JWT_SECRET when set', () => {
    const key = resolveJwtKey({ jwtSecret: 's'.repeat(40), dataDir: '/nonexistent' });
    expect(new TextDecoder().decode(key)).toBe('s'.repeat(40));
  });

  it('otherwise generates a secret once into DATA_DIR/jwt-secret (owner-only) and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-secret-'));
    try {
      const first = resolveJwtKey({ jwtSecret: null, dataDir });
      const second = resolveJwtKey({ jwtSecret: null, dataDir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
      expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
