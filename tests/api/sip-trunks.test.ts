import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uriHost } from '../../server/domain/telephony/sip-trunks';
import { SipTrunkListSchema } from '../../src/contract/entities/sip-trunk';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';
import { demoIds, memberWith, q } from '../support/telephony';

describe('termination URI host', () => {
  it('reads the host of sip URIs with user, port, params and IPv6', () => {
    expect(uriHost('sip:pstn.example.net:5060')).toBe('pstn.example.net');
    expect(uriHost('sips:trunk@Carrier.EXAMPLE;transport=tls')).toBe('carrier.example');
    expect(uriHost('10.0.0.5')).toBe('10.0.0.5');
    expect(uriHost('sip:[::1]:5060')).toBe('::1');
  });
});

describe.each(dialects)('SIP trunks (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const trunk = (extra: Record<string, unknown> = {}) => ({
    name: 'Carrier',
    outgoing_number: '+3716000001',
    termination_uri: 'sip:carrier.example:5060',
    login: 'acc',
    password: 'secret',
    domains: [ids.groups['Building A']],
    ...extra,
  });
  const put = (body: unknown, token = tokens.admin) => t.call('PUT', '/sip-trunks', { token, body });
  const names = async (token: string) => {
    const res = await t.call('GET', `/sip-trunks/items?${q({ sort: 'name' })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(SipTrunkListSchema, res.json()).data.map((x) => x.name);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('creates a trunk; the password is never answered, only whether one is set', async () => {
    const res = await put(trunk());
    expect(res.statusCode, res.body).toBe(200);
    const got = (await t.call('GET', `/sip-trunks/${res.json().data}`, { token: tokens.admin })).json().data;
    expect(got).toMatchObject({
      name: 'Carrier',
      outgoing_number: '+3716000001',
      termination_uri: 'sip:carrier.example:5060',
      login: 'acc',
      has_password: true,
      domains: [{ id: ids.groups['Building A'], name: 'Building A' }],
    });
    expect(got).not.toHaveProperty('password');
    // PATCH with a null password keeps it; a new one replaces it.
    const kept = await t.call('PATCH', `/sip-trunks/${got.id}`, {
      token: tokens.admin,
      body: { name: 'Carrier 2', password: null },
    });
    expect(kept.json().data).toMatchObject({ name: 'Carrier 2', has_password: true });
    const row = await t.db.selectFrom('sip_trunks').select('password').where('id', '=', got.id).executeTakeFirst();
    expect(row?.password).toBe('secret');
  });

  it('section 5: at least one group, a number without spaces, a URI that is not this server', async () => {
    const bad = await put(trunk({ domains: [], outgoing_number: '+371 600', termination_uri: 'not a uri' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'invalid data sent',
      errors: {
        domains: { code: 'required' },
        outgoing_number: { code: 'no_spaces' },
        termination_uri: { code: 'url_or_ip' },
      },
    });
    for (const uri of ['sip:127.0.0.1:5060', 'sip:localhost', 'sips:gw@127.0.0.1;transport=tls']) {
      const self = await put(trunk({ termination_uri: uri }));
      expect(self.statusCode, uri).toBe(400);
      expect(self.json()).toEqual({
        message: 'sip trunk uri cannot match the server address',
        errors: { termination_uri: { code: 'server_address' } },
      });
    }
    const [demo] = (await t.call('GET', '/sip-trunks/items', { token: tokens.admin })).json().data;
    const patched = await t.call('PATCH', `/sip-trunks/${demo.id}`, {
      token: tokens.admin,
      body: { termination_uri: 'sip:127.0.0.1' },
    });
    expect(patched.json().message).toBe('sip trunk uri cannot match the server address');
    const unknown = await put(trunk({ domains: [999_999] }));
    expect(unknown.json()).toEqual({ message: 'invalid related entity sent', entities: ['domains'] });
  });

  it('scopes: all, descendants, domain and own', async () => {
    await put(trunk({ name: 'Unit trunk', domains: [ids.groups['Unit 101']] }));
    const descendants = await memberWith(
      t,
      tokens.admin,
      'trunk-desc',
      ['sip_trunks.view_descendants'],
      ids.groups['Building A'],
    );
    expect(await names(descendants.token)).toEqual(['Carrier 2', 'Unit trunk']);
    const domain = await memberWith(
      t,
      tokens.admin,
      'trunk-domain',
      ['sip_trunks.view_domain'],
      ids.groups['Building A'],
    );
    expect(await names(domain.token)).toEqual(['Carrier 2']);
    const own = await memberWith(
      t,
      tokens.admin,
      'trunk-own',
      ['sip_trunks.view_own', 'sip_trunks.create', 'sip_trunks.edit'],
      ids.groups['Unit 102'],
    );
    expect(await names(own.token)).toEqual([]);
    // An own-scope creator gives trunks only to its own groups.
    const outside = await put(trunk({ name: 'Mine', domains: [ids.groups['Building A']] }), own.token);
    expect(outside.json()).toEqual({ message: 'invalid related entity sent', entities: ['domains'] });
    expect((await put(trunk({ name: 'Mine', domains: [ids.groups['Unit 102']] }), own.token)).statusCode).toBe(200);
    expect(await names(own.token)).toEqual(['Mine']);
    expect(await names(tokens.staff)).toEqual(['Carrier 2', 'City PSTN', 'Mine', 'Unit trunk']);
    // Out of scope: not found, even for editing.
    const [city] = (
      await t.call(
        'GET',
        `/sip-trunks/items?${q({ filters: [{ field: 'name', rule: 'equals', value: 'City PSTN' }] })}`,
        {
          token: tokens.admin,
        },
      )
    ).json().data;
    expect(
      (await t.call('PATCH', `/sip-trunks/${city.id}`, { token: own.token, body: { name: 'X' } })).statusCode,
    ).toBe(404);
  });

  it('filters by group and deletes', async () => {
    const res = await t.call(
      'GET',
      `/sip-trunks/items?${q({ filters: [{ field: 'domains', rule: 'has', value: ids.groups['Unit 101'] }] })}`,
      { token: tokens.admin },
    );
    const [unit] = res.json().data;
    expect(unit.name).toBe('Unit trunk');
    expect((await t.call('DELETE', `/sip-trunks/${unit.id}`, { token: tokens.admin })).json()).toEqual({ data: true });
    expect(
      await t.db.selectFrom('sip_trunk_domains').select('domain_id').where('sip_trunk_id', '=', unit.id).execute(),
    ).toEqual([]);
  });

  it('permissions and licence: concierge and resident get 403; a project without trunks licensed too', async () => {
    for (const token of [tokens.concierge, tokens.resident]) {
      expect((await t.call('GET', '/sip-trunks/items', { token })).statusCode).toBe(403);
      expect((await put(trunk({ name: 'Nope' }), token)).statusCode).toBe(403);
    }
    const office = await t.session('admin', PASSWORDS.admin, 'Harbour Office');
    expect((await t.call('GET', '/sip-trunks/items', { token: office.token })).statusCode).toBe(403);
    const features = JSON.parse(
      (await t.db.selectFrom('projects').select('features').where('id', '=', ids.project).executeTakeFirstOrThrow())
        .features,
    );
    await t.db
      .updateTable('projects')
      .set({ features: JSON.stringify({ ...features, sip_trunks: false }) })
      .where('id', '=', ids.project)
      .execute();
    expect((await t.call('GET', '/sip-trunks/items', { token: tokens.admin })).statusCode).toBe(403);
    await t.db
      .updateTable('projects')
      .set({ features: JSON.stringify(features) })
      .where('id', '=', ids.project)
      .execute();
    expect((await t.call('GET', '/sip-trunks/items', { token: tokens.admin })).statusCode).toBe(200);
  });
});
