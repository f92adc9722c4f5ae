import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountrySchema, ServerSettingsSchema } from '../../src/contract/entities/server-settings';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';

const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

describe.each(dialects)('shell calls (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  describe('GET /frontend/server/settings', () => {
    it('answers anonymous callers without features (SIP not started here: SIP and the web dialer are off)', async () => {
      const res = await t.call('GET', '/frontend/server/settings');
      expect(res.statusCode).toBe(200);
      const settings = v.parse(ServerSettingsSchema, res.json().data);
      expect(settings).toEqual({
        version: VERSION,
        sip_proxy_host: '127.0.0.1',
        sip_port: 8443,
        is_sip_enabled: false,
        is_web_dialer_enabled: false,
        is_self_registration_enabled: false,
        default_locale: 'en',
        features: null,
        mobile_apps: {
          app_store_url: 'https://apps.apple.com/search?term=Gatehouse',
          play_store_url: 'https://play.google.com/store/search?q=Gatehouse&c=apps',
        },
      });
    });

    it('says SIP and the web dialer are on exactly while the embedded SIP server runs', async () => {
      const flags = async () => {
        const { is_sip_enabled, is_web_dialer_enabled } = (await t.call('GET', '/frontend/server/settings')).json()
          .data;
        return { is_sip_enabled, is_web_dialer_enabled };
      };
      await t.app.ctx.sip.start({ host: '127.0.0.1', port: 0 });
      try {
        expect(await flags()).toEqual({ is_sip_enabled: true, is_web_dialer_enabled: true });
      } finally {
        await t.app.ctx.sip.stop();
      }
      expect(await flags()).toEqual({ is_sip_enabled: false, is_web_dialer_enabled: false });
    });

    it("adds the licensed features of the token's project", async () => {
      const [residence, office] = await t.login('admin', PASSWORDS.admin);
      const first = (await t.call('GET', '/frontend/server/settings', { token: residence!.token })).json().data;
      expect(Object.values(first.features)).not.toContain(false);
      expect(Object.keys(first.features)).toHaveLength(9);
      const second = (await t.call('GET', '/frontend/server/settings', { token: office!.token })).json().data;
      expect(second.features).toEqual({
        sip: false,
        sip_trunks: false,
        web_dialer: false,
        mobile_app: true,
        ukey2: false,
        elevator: false,
        amenity: false,
        license_plate: false,
        guest_access: false,
      });
    });

    it('refuses a token that is sent but no longer valid, so the console refreshes instead of losing features', async () => {
      const res = await t.call('GET', '/frontend/server/settings', { token: 'expired.or.forged' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'not_authorized', code: 'not_authorized' });
    });
  });

  it('GET /frontend/resources/meta names the product and its languages', async () => {
    const res = await t.call('GET', '/frontend/resources/meta');
    expect(res.json()).toEqual({ data: { title: 'Gatehouse', logo_url: null, locales: ['en', 'ru'] } });
  });

  describe('GET /countries', () => {
    it('lists at least 40 countries, unique, sorted by name, with calling codes', async () => {
      const res = await t.call('GET', '/countries');
      expect(res.statusCode).toBe(200);
      const countries = v.parse(v.array(CountrySchema), res.json().data);
      expect(countries.length).toBeGreaterThanOrEqual(40);
      expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
      const names = countries.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      for (const c of countries) {
        expect(c.code).toMatch(/^[A-Z]{2}$/);
        expect(c.dial_code).toMatch(/^\+[1-9]\d{0,3}$/);
      }
    });

    it.each([
      ['RU', '+7'],
      ['KZ', '+7'],
      ['GB', '+44'],
      ['US', '+1'],
      ['DE', '+49'],
      ['FR', '+33'],
      ['LV', '+371'],
      ['UA', '+380'],
    ])('has %s with %s', async (code, dial) => {
      const countries = (await t.call('GET', '/countries')).json().data;
      expect(countries.find((c: { code: string }) => c.code === code)?.dial_code).toBe(dial);
    });
  });

  it('GET /info tells the name, version and server time', async () => {
    const before = Date.now();
    const { data } = (await t.call('GET', '/info')).json();
    expect(data.name).toBe('Gatehouse');
    expect(data.version).toBe(VERSION);
    const time = Date.parse(data.time);
    expect(time).toBeGreaterThanOrEqual(before - 1000);
    expect(time).toBeLessThanOrEqual(Date.now() + 1000);
  });

  describe('GET /terms/{locale}.html', () => {
    it('serves the English terms as HTML to anyone', async () => {
      const res = await t.call('GET', '/terms/en.html');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-language']).toBe('en');
      expect(res.body).toContain('<h2>Terms of use</h2>');
    });

    it('serves the Russian terms', async () => {
      const res = await t.call('GET', '/terms/ru.html');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('ru');
      expect(res.body).toContain('Условия использования');
      expect(res.body).not.toContain('Terms of use');
    });

    it('falls back to English for an unknown locale', async () => {
      const res = await t.call('GET', '/terms/de.html');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('en');
      expect(res.body).toContain('Terms of use');
    });

    it('cannot be used to read other files', async () => {
      const res = await t.call('GET', '/terms/..%2F..%2Fconfig.html');
      expect(res.body).not.toContain('import');
      expect([200, 404]).toContain(res.statusCode);
    });
  });
});

describe('the mobile app store links come from the environment', () => {
  it('answers the configured App Store and Google Play pages', async () => {
    const t = await buildTestApp('sqlite', {
      env: {
        MOBILE_APP_STORE_URL: 'https://apps.apple.com/app/id1234567890',
        MOBILE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=org.example.gatehouse',
      },
    });
    try {
      expect((await t.call('GET', '/frontend/server/settings')).json().data.mobile_apps).toEqual({
        app_store_url: 'https://apps.apple.com/app/id1234567890',
        play_store_url: 'https://play.google.com/store/apps/details?id=org.example.gatehouse',
      });
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('web dialer switched off (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { env: { GATEHOUSE_WEB_DIALER: '0' } });
    await t.app.ctx.sip.start({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.app.ctx.sip.stop();
    await t.close();
  });

  it('GATEHOUSE_WEB_DIALER=0 keeps SIP on and the web dialer off', async () => {
    const data = (await t.call('GET', '/frontend/server/settings')).json().data;
    expect(data.is_sip_enabled).toBe(true);
    expect(data.is_web_dialer_enabled).toBe(false);
  });
});
