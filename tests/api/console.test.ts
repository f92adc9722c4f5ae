import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f2a.js"></script></body></html>';

describe.each(dialects)('console serving and error shapes (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'app-3f2a.js'), 'console.log("console")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await buildTestApp(dialect, { distDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('SPA', () => {
    it('serves index.html at the root', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it.each(['/home', '/users/12', '/profile?pageId=3', '/devices/alarms/'])(
      'answers the deep link %s with index.html',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toBe(INDEX);
      },
    );

    it('sends the console with a Content-Security-Policy without inline script, and the other security headers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      const policy = String(res.headers['content-security-policy']);
      const directives = new Map(
        policy.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      // The softphone reaches the SIP server over WSS (7.11).
      expect(directives.get('connect-src')?.some((v) => /^wss:\/\/127\.0\.0\.1:\d+$/.test(v))).toBe(true);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // API answers carry them too.
      const api = await t.call('GET', '/info');
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it('serves hashed assets with a long cache', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves other files of dist', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
    });

    it('answers a missing asset with 404, not with index.html', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/assets/old-chunk-1234.js' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<html');
    });

    it('does not answer other methods with the console', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/home' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'not found' });
    });
  });

  describe('API errors', () => {
    it.each([
      ['GET', '/api/v0/no-such-call'],
      ['POST', '/api/v0/no-such-call'],
      ['GET', '/api/v1/profile'],
      ['DELETE', '/api/v0/profile'],
    ] as const)('%s %s → 404 not found as JSON', async (method, url) => {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ message: 'not found' });
    });

    it('answers malformed JSON with 400 invalid data sent', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v0/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"login": "admin", ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid data sent' });
    });

    it('answers an unsupported content type with 415 wrong parameters', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v0/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'wrong parameters' });
    });
  });
});

describe.each(dialects)('unexpected failures (%s)', (dialect) => {
  it('answers 500 internal server error without details when the database fails', async () => {
    const t = await buildTestApp(dialect);
    try {
      const { token } = await t.session('staff');
      // Break the database under a running app: the auth query itself fails.
      await t.db.destroy();
      const res = await t.call('GET', '/profile', { token });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'internal server error' });
    } finally {
      await t.close();
    }
  });
});

describe('without a built console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers pages with 503 and says how to build it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    expect((await t.call('GET', '/info')).statusCode).toBe(200);
  });
});
