import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, PASSWORDS, type TestApp } from '../support/api-app';
import { demoIds } from '../support/project-users';

/**
 * Directory privacy (6.2 contacts rule): a resident learns who holds a number
 * only for numbers they may call, or that took part in a call with them; they
 * cannot walk the numbering plan to enumerate the building.
 */
describe.each(dialects)('telephony directory privacy (%s)', (dialect) => {
  let t: TestApp;
  let resident = '';
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    resident = (await t.session('resident')).token;
    // A neighbour in another unit, with a number of their own: not the resident's to call.
    const ids = await demoIds(t);
    const admin = (await t.session('admin')).token;
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'resident')
      .where('project_id', '=', ids.projectId)
      .executeTakeFirstOrThrow();
    const user = await t.call('PUT', '/users', {
      token: admin,
      body: {
        login: 'neighbour',
        name: 'Nina Neighbour',
        role_id: role.id,
        domains: [ids.groups['Unit 201'] as number],
        password: PASSWORDS.demo,
      },
    });
    expect(user.statusCode, user.body).toBe(200);
    const number = await t.call('PUT', '/sip-numbers', {
      token: admin,
      body: { number: '100050', password: 'Neighbour1', user_id: user.json().data, is_active: true },
    });
    expect(number.statusCode, number.body).toBe(200);
  });
  afterAll(() => t.close());

  const info = (number: string, token = resident) =>
    t.call('GET', `/sip-numbers/call-info?number=${number}`, { token });

  it('answers call-info for the numbers a resident may call (the master number and the concierges)', async () => {
    for (const number of ['100100', '100002']) {
      const res = await info(number);
      expect(res.statusCode, `${number}: ${res.body}`).toBe(200);
      expect(res.json().data.number).toBe(number);
    }
  });

  it('answers call-info for a number that called the resident (the call card of a missed call)', async () => {
    // The demo history has concierge2 (100003) calling the resident, unanswered.
    const res = await info('100003');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses call-info for numbers outside the resident’s contacts: a neighbour and the door panel', async () => {
    for (const number of ['100050', '100200']) {
      const res = await info(number);
      expect(res.statusCode, number).toBe(404);
      expect(res.json()).toEqual({ message: 'item not found' });
    }
  });

  it('a sweep of the numbering plan answers no more than the contacts list', async () => {
    const contacts = await t.call('GET', '/sip-numbers/contacts', { token: resident });
    expect(contacts.statusCode).toBe(200);
    const listed = new Set((contacts.json().data as { number: string }[]).map((c) => c.number));
    expect(listed.has('100050')).toBe(false);
    expect(listed.has('100200')).toBe(false);
    const answered: string[] = [];
    for (let n = 100000; n <= 100210; n++) {
      const res = await info(String(n));
      if (res.statusCode === 200) answered.push(String(n));
    }
    // Contacts, plus the one number that called the resident.
    expect(answered.sort()).toEqual([...listed, '100003'].filter((v, i, all) => all.indexOf(v) === i).sort());
  });

  it('staff, who may call everyone, still reads every number', async () => {
    const staff = (await t.session('staff')).token;
    for (const number of ['100050', '100011', '100200']) expect((await info(number, staff)).statusCode).toBe(200);
  });
});
