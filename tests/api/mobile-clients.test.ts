import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/** Section 3 Mobile client, read by the mobile client info dialog (2.5). */
describe.each(dialects)('a user mobile clients (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let resident = 0;
  let staff = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const session = await t.session('admin');
    admin = session.token;
    const idOf = async (login: string) =>
      (await t.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id;
    resident = await idOf('resident');
    staff = await idOf('staff');
    const other = await t.db
      .selectFrom('projects')
      .select('id')
      .where('id', '<>', session.project.id)
      .executeTakeFirst();
    const row = (projectId: number, vendor: string, authAt: string, platform: string, info: string | null) => ({
      project_id: projectId,
      user_id: resident,
      platform,
      info,
      auth_at: authAt,
      vendor_id: vendor,
      sip_number_id: null,
      ukey2: null,
      created_at: authAt,
    });
    await t.db
      .insertInto('mobile_clients')
      .values([
        row(session.project.id, 'vendor-a', '2026-01-02T10:00:00.000Z', 'ios', 'iPhone 15, iOS 18.1, app 3.2.0'),
        { ...row(session.project.id, 'vendor-b', '2026-03-04T08:30:00.000Z', 'android', null), ukey2: 'UK2-0042' },
        // Another project's installation of the same person is not this project's business.
        ...(other ? [row(other.id, 'vendor-c', '2026-05-01T00:00:00.000Z', 'ios', 'elsewhere')] : []),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('lists the user installations in this project, newest login first', async () => {
    const res = await t.call('GET', `/users/${resident}/mobile-clients`, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: expect.any(Number),
        platform: 'android',
        info: null,
        auth_at: '2026-03-04T08:30:00.000Z',
        vendor_id: 'vendor-b',
        sip_number: null,
        ukey2: 'UK2-0042',
      },
      {
        id: expect.any(Number),
        platform: 'ios',
        info: 'iPhone 15, iOS 18.1, app 3.2.0',
        auth_at: '2026-01-02T10:00:00.000Z',
        vendor_id: 'vendor-a',
        sip_number: null,
        ukey2: null,
      },
    ]);
    const item = await t.call('GET', `/users/${resident}`, { token: admin });
    expect(item.json().data.mobile_clients.map((m: { name: string }) => m.name)).toEqual([
      'android',
      'iPhone 15, iOS 18.1, app 3.2.0',
    ]);
  });

  it('answers an empty list for a user without the app, and 404 for a user the caller cannot see', async () => {
    expect((await t.call('GET', `/users/${staff}/mobile-clients`, { token: admin })).json()).toEqual({ data: [] });
    expect((await t.call('GET', '/users/999999/mobile-clients', { token: admin })).statusCode).toBe(404);
    const residentSession = await t.session('resident');
    const foreign = await t.call('GET', `/users/${staff}/mobile-clients`, { token: residentSession.token });
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
