import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBERS } from '../../server/db/seed/telephony';
import { CallInfoSchema, ContactSchema, SIP_PASSWORD_PATTERN } from '../../src/contract/entities/sip-number';
import { buildTestApp, dialects, PASSWORDS, SMALL_DEMO, type TestApp } from '../support/api-app';
import { demoIds, memberWith, q } from '../support/telephony';

describe.each(dialects)('virtual SIP numbers: scopes, contacts, call info, profile, licence (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  let ids: Awaited<ReturnType<typeof demoIds>>;

  const visible = async (token: string) => {
    const res = await t.call('GET', `/sip-numbers/items?${q({ sort: 'number' })}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { number: string }[]).map((n) => n.number);
  };
  const contacts = async (token: string) => {
    const res = await t.call('GET', '/sip-numbers/contacts', { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(v.array(ContactSchema), res.json().data);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[login] = (await t.session(login)).token;
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('view_all sees every number; view sees holders in its own groups; view_descendants also below them', async () => {
    expect(await visible(tokens.staff)).toHaveLength(6);
    // The concierge (sip_numbers.view in the root group) sees the root group's members, not the building's.
    expect(await visible(tokens.concierge)).toEqual([
      DEMO_NUMBERS.staff,
      DEMO_NUMBERS.concierge,
      DEMO_NUMBERS.concierge2,
    ]);
    const keeper = await memberWith(
      t,
      tokens.admin,
      'building-keeper',
      ['sip_numbers.view_descendants'],
      ids.groups['Building A'],
    );
    expect(await visible(keeper.token)).toEqual([DEMO_NUMBERS.resident, DEMO_NUMBERS.master, DEMO_NUMBERS.panel]);
    const own = await memberWith(t, tokens.admin, 'unit-keeper', ['sip_numbers.view'], ids.groups['Unit 101']);
    expect(await visible(own.token)).toEqual([DEMO_NUMBERS.resident]);
    // Out of scope reads as not found.
    const master = ids.numbers[DEMO_NUMBERS.master];
    expect((await t.call('GET', `/sip-numbers/${master}`, { token: own.token })).statusCode).toBe(404);
  });

  it('a writer cannot hand a number to a holder outside its reach', async () => {
    const writer = await memberWith(
      t,
      tokens.admin,
      'unit-writer',
      ['sip_numbers.view', 'sip_numbers.create', 'sip_numbers.activate'],
      ids.groups['Unit 102'],
    );
    const refused = await t.call('PUT', '/sip-numbers', {
      token: writer.token,
      body: { number: '730001', password: 'Abc123', user_id: ids.users.staff },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'invalid related entity sent', entities: ['user'] });
    const inside = await t.call('PUT', '/sip-numbers', {
      token: writer.token,
      body: { number: '730001', password: 'Abc123', domain_id: ids.groups['Unit 102'] },
    });
    expect(inside.statusCode, inside.body).toBe(200);
    expect(await visible(writer.token)).toEqual(['730001']);
    // A group's number cannot be deleted while the group holds it: free it, then delete it.
    const id = inside.json().data;
    await t.call('PATCH', `/sip-numbers/${id}`, { token: tokens.admin, body: { domain_id: null } });
    expect((await t.call('DELETE', `/sip-numbers/${id}`, { token: tokens.admin })).statusCode).toBe(200);
  });

  /** Holders of concierge.reception in the root group (staff and both concierges): everyone reaches them. */
  const RECEPTION: string[] = [DEMO_NUMBERS.staff, DEMO_NUMBERS.concierge, DEMO_NUMBERS.concierge2];

  it('contacts: a resident reaches the master number and the reception above; call_all reaches every held number', async () => {
    const resident = await contacts(tokens.resident);
    expect(resident.map((c) => c.number).sort()).toEqual([...RECEPTION, DEMO_NUMBERS.master].sort());
    expect(resident.find((c) => c.number === DEMO_NUMBERS.concierge)).toMatchObject({
      name: 'Cora Concierge',
      user: { id: ids.users.concierge },
    });
    expect(resident.find((c) => c.number === DEMO_NUMBERS.master)).toEqual({
      id: ids.numbers[DEMO_NUMBERS.master],
      name: 'Building A reception',
      number: DEMO_NUMBERS.master,
      user: null,
      title: 'Building A',
    });
    const concierge = await contacts(tokens.concierge);
    const reached = concierge.map((c) => c.number);
    expect(reached).not.toContain(DEMO_NUMBERS.concierge);
    for (const n of [DEMO_NUMBERS.staff, DEMO_NUMBERS.concierge2, DEMO_NUMBERS.resident, DEMO_NUMBERS.panel]) {
      expect(reached).toContain(n);
    }
    const rita = concierge.find((c) => c.number === DEMO_NUMBERS.resident);
    expect(rita).toMatchObject({ name: 'Rita Resident', user: { id: ids.users.resident, name: 'Rita Resident' } });
    expect(rita?.title).toBe('Unit 101');
    const panel = concierge.find((c) => c.number === DEMO_NUMBERS.panel);
    expect(panel).toMatchObject({ user: null, title: 'Entrance panel · Building A' });
  });

  it('contacts follow call_domain, call_descendants and call_panel, and the resident phonebook', async () => {
    const domain = await memberWith(t, tokens.admin, 'caller-domain', ['calls.call_domain'], ids.groups['Unit 101']);
    const numbersOf = async (token: string) =>
      (await contacts(token))
        .map((c) => c.number)
        .filter((n) => !RECEPTION.includes(n))
        .sort();
    expect(await numbersOf(domain.token)).toEqual([DEMO_NUMBERS.resident, DEMO_NUMBERS.master].sort());
    const below = await memberWith(
      t,
      tokens.admin,
      'caller-below',
      ['calls.call_descendants'],
      ids.groups['Building A'],
    );
    expect(await numbersOf(below.token)).toEqual(
      [DEMO_NUMBERS.resident, DEMO_NUMBERS.master, DEMO_NUMBERS.panel].sort(),
    );
    const panels = await memberWith(t, tokens.admin, 'caller-panel', ['calls.call_panel'], ids.groups['Unit 201']);
    expect(await numbersOf(panels.token)).toEqual([DEMO_NUMBERS.master, DEMO_NUMBERS.panel].sort());
    // Unit 101's resident phonebook lets its members reach each other.
    const neighbour = await memberWith(t, tokens.admin, 'neighbour', [], ids.groups['Unit 101']);
    expect(await numbersOf(neighbour.token)).toEqual([DEMO_NUMBERS.master]);
    await t.db
      .updateTable('domains')
      .set({ settings: JSON.stringify({ is_resident_phonebook_enabled: true }) })
      .where('id', '=', ids.groups['Unit 101']!)
      .execute();
    expect(await numbersOf(neighbour.token)).toEqual([DEMO_NUMBERS.resident, DEMO_NUMBERS.master].sort());
    // Inactive numbers are not offered.
    await t.db.updateTable('sip_numbers').set({ is_active: 0 }).where('number', '=', DEMO_NUMBERS.resident).execute();
    expect(await numbersOf(neighbour.token)).toEqual([DEMO_NUMBERS.master]);
    await t.db.updateTable('sip_numbers').set({ is_active: 1 }).where('number', '=', DEMO_NUMBERS.resident).execute();
  });

  it('call info names the holder and its place; unknown numbers are not found', async () => {
    // The concierge may call the panel (calls.call_all); the resident may not, and learns nothing of it.
    const hidden = await t.call('GET', `/sip-numbers/call-info?number=${DEMO_NUMBERS.panel}`, {
      token: tokens.resident,
    });
    expect(hidden.statusCode).toBe(404);
    const res = await t.call('GET', `/sip-numbers/call-info?number=${DEMO_NUMBERS.panel}`, { token: tokens.concierge });
    expect(res.statusCode, res.body).toBe(200);
    expect(v.parse(CallInfoSchema, res.json().data)).toEqual({
      id: ids.numbers[DEMO_NUMBERS.panel],
      number: DEMO_NUMBERS.panel,
      name: 'Entrance panel',
      is_active: true,
      purpose: null,
      user: null,
      device: { id: ids.panel.id, name: 'Entrance panel' },
      domain: null,
      address: 'Building A',
    });
    const rita = await t.call('GET', `/sip-numbers/call-info?number=${DEMO_NUMBERS.resident}`, {
      token: tokens.concierge,
    });
    expect(rita.json().data).toMatchObject({ user: { name: 'Rita Resident' }, address: 'Building A / Unit 101' });
    expect((await t.call('GET', '/sip-numbers/call-info?number=999999', { token: tokens.resident })).statusCode).toBe(
      404,
    );
    const bad = await t.call('GET', '/sip-numbers/call-info?number=abc', { token: tokens.resident });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('wrong parameters');
    expect((await t.call('GET', `/sip-numbers/call-info?number=${DEMO_NUMBERS.panel}`)).statusCode).toBe(401);
  });

  it('GET /profile gives the softphone the user’s own active number with its password', async () => {
    const profile = (await t.call('GET', '/profile', { token: tokens.concierge })).json().data;
    expect(profile.sip_number).toMatchObject({
      id: ids.numbers[DEMO_NUMBERS.concierge],
      number: DEMO_NUMBERS.concierge,
      name: 'Cora Concierge',
    });
    expect(profile.sip_number.password).toMatch(SIP_PASSWORD_PATTERN);
    expect((await t.call('GET', '/profile', { token: tokens.admin })).json().data.sip_number).toBeNull();
    await t.db.updateTable('sip_numbers').set({ is_active: 0 }).where('number', '=', DEMO_NUMBERS.concierge).execute();
    expect((await t.call('GET', '/profile', { token: tokens.concierge })).json().data.sip_number).toBeNull();
    await t.db.updateTable('sip_numbers').set({ is_active: 1 }).where('number', '=', DEMO_NUMBERS.concierge).execute();
  });

  it('a group item carries its own number and its trunk', async () => {
    const building = (await t.call('GET', `/domains/${ids.groups['Building A']}`, { token: tokens.admin })).json().data;
    expect(building.sip_number).toEqual({ is_active: true, forward_rules: [] });
    expect(building.sip_trunk).toBeNull();
    const root = (await t.call('GET', `/domains/${ids.groups['Riverside Residence']}`, { token: tokens.admin })).json()
      .data;
    expect(root.sip_number).toBeNull();
    expect(root.sip_trunk).toMatchObject({ name: 'City PSTN' });
  });

  it('needs the SIP licence: a project without it answers 403 and gives no number', async () => {
    const office = await t.session('admin', PASSWORDS.admin, 'Harbour Office');
    for (const path of ['/sip-numbers/items', '/sip-numbers/generate', '/sip-numbers/contacts']) {
      const res = await t.call('GET', path, { token: office.token });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ message: 'method or action prohibited' });
    }
    expect((await t.call('GET', '/sip-numbers/items')).statusCode).toBe(401);
  });
});
