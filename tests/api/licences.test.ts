import { generateKeyPairSync } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LicencePayload } from '../../server/domain/licences/licence-file';
import { bareLicence, licenceFile, signLicence } from '../../server/simulator/licence-issuer';
import { type LicenceServerSimulator, startLicenceServer } from '../../server/simulator/licence-server';
import { LicencePreviewSchema, LicenceSchema } from '../../src/contract/entities/licence';
import { buildTestApp, dialects, PASSWORDS, SMALL_DEMO, type TestApp } from '../support/api-app';
import { type ManualClock, manualClock } from '../support/clock';
import { multipart } from '../support/multipart';

/**
 * Licences (issue 14; doc 1 §3, §4, §9; doc 2 6.2, 7.8, 8.2): the signed licence file (good,
 * tampered, expired, for another installation), adding from a file and from the licence server
 * (checked and previewed first), renewal and revocation by a newer issue, states and features
 * over time with the controlled clock, the warning statuses, and the notices by mode.
 * Times move on Harbour Office (its demo licence removed first); Riverside keeps its demo licences.
 */
const DAY = 86_400;

describe.each(dialects)('licences (%s)', (dialect) => {
  let t: TestApp;
  let clock: ManualClock;
  let server: LicenceServerSimulator;
  let admin = '';
  let office = '';
  let officeId = 0;
  let instance = '';
  let seq = 0;

  const now = () => Math.floor(clock.now().getTime() / 1000);
  /** A licence for this installation: everything off but what `overrides` turns on; a fresh id. */
  const licence = (overrides: Partial<LicencePayload> = {}): LicencePayload =>
    bareLicence(instance, {
      licence_id: `test-${dialect}-${++seq}`,
      issued_at: clock.now().toISOString(),
      restrict_period: { is_active: true, from: now() - DAY, to: now() + 200 * DAY },
      ...overrides,
    });
  const withElevator = (overrides: Partial<LicencePayload> = {}) => licence({ elevator: true, ...overrides });
  const upload = (path: string, token: string, text: string) => {
    const body = multipart({}, { file: { name: 'gatehouse.lic', data: Buffer.from(text) } });
    return t.app.inject({
      method: 'POST',
      url: `/api/v0${path}`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };
  const add = async (payload: LicencePayload, token = office) => {
    const res = await upload('/licenses/file', token, licenceFile(signLicence(payload)));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.ids as number[];
  };
  const refusedWith = async (text: string, message: string, token = office) => {
    for (const path of ['/licenses/file/check', '/licenses/file']) {
      const res = await upload(path, token, text);
      expect(res.statusCode, `${path} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  };
  const list = async (token = office) => {
    const res = await t.call('GET', '/licenses/items?size=100', { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as unknown[]).map((l) => v.parse(LicenceSchema, l));
  };
  const features = async (token = office) =>
    (await t.call('GET', '/frontend/server/settings', { token })).json().data.features;
  const warning = async (token = office) => {
    const res = await t.call('GET', '/licenses/warning', { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const clear = async () => {
    const ids = (await list()).map((l) => l.id);
    if (ids.length === 0) return;
    const res = await t.call('POST', '/licenses/delete-all', { token: office, body: { items: ids } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const tick = async (days: number) => {
    clock.advance(days * DAY);
    await t.app.licenceWatch.tick();
  };

  beforeAll(async () => {
    // Whole seconds, as licence periods are: day counts come out exact.
    clock = manualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
    server = await startLicenceServer();
    t = await buildTestApp(dialect, {
      ...SMALL_DEMO,
      clock,
      env: { ...SMALL_DEMO.env, LICENCE_SERVER_URL: server.url },
    });
    admin = (await t.session('admin', PASSWORDS.admin, 'Riverside Residence')).token;
    office = (await t.session('admin', PASSWORDS.admin, 'Harbour Office')).token;
    officeId = (
      await t.db.selectFrom('projects').select('id').where('name', '=', 'Harbour Office').executeTakeFirstOrThrow()
    ).id;
    const state = await t.call('GET', '/licenses/features/state', { token: admin });
    expect(state.statusCode, state.body).toBe(200);
    instance = state.json().data.instance_id;
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('the demo installs its licences: Riverside every feature (last year’s licence over), Harbour Office the mobile app', async () => {
    const riverside = await list(admin);
    expect(riverside.map((l) => [l.licence_id, l.type, l.state])).toEqual([
      ['demo-riverside-plus', 'plus', 'active'],
      ['demo-riverside-previous', 'basic_paid', 'disabled'],
    ]);
    expect(Object.values(await features(admin))).not.toContain(false);
    const state = (await t.call('GET', '/licenses/features/state', { token: admin })).json().data;
    expect(state.counts.sip.licensed).toBe(1000);
    expect(state.counts.ukey2.licensed).toBe(300);
    expect(state.warning).toEqual({ status: 'normal', days: null, at: null });
    expect(state.licence_server).toBe(true);
    expect(state.instance_id).toMatch(/^[0-9a-f-]{36}$/);

    const harbour = await list();
    expect(harbour.map((l) => [l.licence_id, l.type, l.state, l.mobile_app.license_count])).toEqual([
      ['demo-harbour-basic', 'basic', 'active', 25],
    ]);
    expect(await features()).toEqual({
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

  it('a good file is checked and previewed, then added: its features open the calls they gate', async () => {
    expect((await t.call('GET', '/elevators/items', { token: office })).statusCode).toBe(403);
    const payload = withElevator({ customer: 'Harbour Office', type: 'plus' });
    const text = licenceFile(signLicence(payload));

    const check = await upload('/licenses/file/check', office, text);
    expect(check.statusCode, check.body).toBe(200);
    const preview = v.parse(LicencePreviewSchema, check.json().data);
    expect(preview.licences).toHaveLength(1);
    expect(preview.licences[0]).toMatchObject({
      replaces: null,
      licence: { licence_id: payload.licence_id, type: 'plus', state: 'active', customer: 'Harbour Office' },
    });
    expect(preview.features.before.elevator).toBe(false);
    expect(preview.features.after.elevator).toBe(true);
    // Checking changes nothing.
    expect(await list()).toHaveLength(1);
    expect((await features()).elevator).toBe(false);

    const [id] = await add(payload);
    const item = await t.call('GET', `/licenses/${id}`, { token: office });
    expect(item.statusCode).toBe(200);
    expect(item.json().data).toMatchObject({ licence_id: payload.licence_id, source: 'file', elevator: true });
    expect(item.json().data.installed_by).toMatchObject({ name: 'Administrator' });
    expect((await features()).elevator).toBe(true);
    expect((await t.call('GET', '/elevators/items', { token: office })).statusCode).toBe(200);

    // Deleting it takes the feature away again.
    expect((await t.call('DELETE', `/licenses/${id}`, { token: office })).statusCode).toBe(200);
    expect((await features()).elevator).toBe(false);
    expect((await t.call('GET', '/elevators/items', { token: office })).statusCode).toBe(403);
  });

  it('refuses a tampered, foreign-signed, expired or other installation’s licence with the 8.2 messages', async () => {
    const good = signLicence(withElevator());
    // A changed byte in the payload: the signature no longer matches.
    const changed = JSON.parse(Buffer.from(good.payload, 'base64url').toString('utf8'));
    changed.ukey2 = { is_enabled: true, license_count: null };
    const tampered = { ...good, payload: Buffer.from(JSON.stringify(changed)).toString('base64url') };
    await refusedWith(licenceFile(tampered), 'licence sign wrong');
    // A broken signature, an unknown key, and a key that claims to be ours but is not.
    const flipped = Buffer.from(good.signature, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 0xff;
    await refusedWith(licenceFile({ ...good, signature: flipped.toString('base64url') }), 'licence sign wrong');
    await refusedWith(licenceFile({ ...good, key_id: 'someone-else' }), 'licence sign wrong');
    const stranger = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'der' })
      .toString('base64');
    await refusedWith(licenceFile(signLicence(withElevator(), { privateKey: stranger })), 'licence sign wrong');

    await refusedWith(
      licenceFile(
        signLicence(withElevator({ restrict_period: { is_active: true, from: now() - 90 * DAY, to: now() - DAY } })),
      ),
      'licence expired',
    );
    await refusedWith(
      licenceFile(signLicence({ ...withElevator(), instance_id: 'another-installation' })),
      'licence cannot be applied',
    );
    // A device licence for a device the project does not have.
    await refusedWith(
      licenceFile(signLicence(withElevator({ is_device_license: true, device: 'NO-SUCH-SERIAL' }))),
      'licence cannot be applied',
    );
    await refusedWith('not a licence', 'invalid file');
    await refusedWith(JSON.stringify({ licences: [] }), 'invalid file');
    expect((await features()).elevator).toBe(false);
    expect(await list()).toHaveLength(1);
  });

  it('holds a licence once per installation; a newer issue renews it, a revoking issue disables it', async () => {
    const payload = withElevator();
    const [id] = await add(payload);
    // The same again, here or in another project of this installation.
    await refusedWith(licenceFile(signLicence(payload)), 'same instance already registered');
    await refusedWith(licenceFile(signLicence(payload)), 'same instance already registered', admin);

    const renewal = { ...payload, issued_at: new Date(clock.now().getTime() + 1000).toISOString() };
    renewal.restrict_period = { is_active: true, from: now() - DAY, to: now() + 400 * DAY };
    const check = await upload('/licenses/file/check', office, licenceFile(signLicence(renewal)));
    expect(check.json().data.licences[0].replaces).toBe(id);
    const [renewed] = await add(renewal);
    const licences = await list();
    expect(licences.map((l) => l.id)).not.toContain(id);
    expect(licences.find((l) => l.id === renewed)?.restrict_period.to).toBe(renewal.restrict_period.to);

    const revoked = { ...renewal, is_active: false, issued_at: new Date(clock.now().getTime() + 2000).toISOString() };
    const [disabled] = await add(revoked);
    expect((await list()).find((l) => l.id === disabled)?.state).toBe('disabled');
    expect((await features()).elevator).toBe(false);
    // A revoking issue of a licence nobody installed cannot be applied.
    await refusedWith(licenceFile(signLicence(licence({ is_active: false }))), 'licence cannot be applied');
    await t.call('DELETE', `/licenses/${disabled}`, { token: office });
  });

  it('a file may carry several licences: all are added, or none when one is refused', async () => {
    const a = withElevator();
    const b = licence({ amenity: true });
    const bad = { ...licence(), instance_id: 'elsewhere' };
    await refusedWith(licenceFile(signLicence(a), signLicence(bad)), 'licence cannot be applied');
    expect(await list()).toHaveLength(1);
    const res = await upload('/licenses/file', office, licenceFile(signLicence(a), signLicence(b)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ids).toHaveLength(2);
    expect(await features()).toMatchObject({ elevator: true, amenity: true, mobile_app: true });
    await clear();
    expect(await features()).toMatchObject({ elevator: false, amenity: false, mobile_app: false });
  });

  it('states and features follow the clock: pending, active, ending, expired (grace), disabled', async () => {
    await clear();
    expect(await warning()).toEqual({ status: 'no_license', days: null, at: null });
    const [id] = await add(
      withElevator({ restrict_period: { is_active: true, from: now() + DAY, to: now() + 31 * DAY }, grace_days: 5 }),
    );
    const state = async () => (await list()).find((l) => l.id === id)?.state;
    expect(await state()).toBe('pending');
    expect((await features()).elevator).toBe(false);
    // A pending licence grants nothing yet: still no licence.
    expect((await warning()).status).toBe('no_license');

    await tick(2);
    expect(await state()).toBe('active');
    expect((await features()).elevator).toBe(true);
    expect(await warning()).toEqual({ status: 'normal', days: null, at: null });

    await tick(16); // 13 days left: within the 14 days before the end.
    expect(await state()).toBe('ending');
    expect(await warning()).toMatchObject({ status: 'will_expire', days: 13 });

    await tick(12.5); // Half a day left: today.
    expect(await warning()).toMatchObject({ status: 'will_expire', days: 0 });

    await tick(1.5); // Ended a day ago; features go 5 days after the end.
    expect(await state()).toBe('expired');
    expect((await features()).elevator).toBe(true);
    expect(await warning()).toMatchObject({ status: 'already_expired', days: 4 });

    await tick(4);
    expect(await state()).toBe('disabled');
    expect((await features()).elevator).toBe(false);
    expect((await t.call('GET', '/elevators/items', { token: office })).statusCode).toBe(403);
    expect(await warning()).toEqual({ status: 'no_license', days: null, at: null });
    await clear();
  });

  it('a renewal already added covers an ending licence: no warning', async () => {
    await add(withElevator({ restrict_period: { is_active: true, from: now() - DAY, to: now() + 5 * DAY } }));
    expect((await warning()).status).toBe('will_expire');
    await add(withElevator({ restrict_period: { is_active: true, from: now() + 4 * DAY, to: now() + 300 * DAY } }));
    expect(await warning()).toEqual({ status: 'normal', days: null, at: null });
    // The notices window follows the settings: 3 days before, not 14.
    await clear();
    await add(withElevator({ restrict_period: { is_active: true, from: now() - DAY, to: now() + 5 * DAY } }));
    const patched = await t.call('PATCH', '/licenses/settings', {
      token: office,
      body: { notifications: { isActive: true, mode: 'everyday', notifyBefore: 3 } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await warning()).status).toBe('normal');
    await t.call('PATCH', '/licenses/settings', {
      token: office,
      body: { notifications: { isActive: true, mode: 'everyday', notifyBefore: 14 } },
    });
    await clear();
  });

  it('notices go to licence managers by mode: once, every day, every week, never, off', async () => {
    await t.db.updateTable('users').set({ email: 'admin@example.com' }).where('login', '=', 'admin').execute();
    const counted = async () => {
      const n = await t.db
        .selectFrom('notifications')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('project_id', '=', officeId)
        .where('type', 'in', ['licence_will_expire', 'licence_expired'])
        .executeTakeFirstOrThrow();
      const m = await t.db
        .selectFrom('outbox')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('project_id', '=', officeId)
        .where('kind', 'in', ['licence_will_expire', 'licence_expired'])
        .executeTakeFirstOrThrow();
      return { notifications: Number(n.n), mails: Number(m.n) };
    };
    const mode = async (m: string, isActive = true) => {
      const res = await t.call('PATCH', '/licenses/settings', {
        token: office,
        body: { notifications: { isActive, mode: m, notifyBefore: 14 } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const run = async (days: number) => {
      const before = await counted();
      await tick(days);
      const after = await counted();
      return { notifications: after.notifications - before.notifications, mails: after.mails - before.mails };
    };

    await mode('once');
    await add(
      withElevator({ restrict_period: { is_active: true, from: now() - DAY, to: now() + 40 * DAY }, grace_days: 30 }),
    );
    expect(await run(0)).toEqual({ notifications: 0, mails: 0 }); // 40 days left: not yet.
    expect(await run(27)).toEqual({ notifications: 1, mails: 1 }); // 13 days left.
    const notice = await t.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('project_id', '=', officeId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.type).toBe('licence_will_expire');
    expect(JSON.parse(notice.data)).toMatchObject({ days: 13, name: 'Harbour Office' });
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('project_id', '=', officeId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('admin@example.com');
    expect(mail.subject).toBe('Harbour Office: the licence ends in 13 days');
    expect(await run(1)).toEqual({ notifications: 0, mails: 0 }); // once: once.

    await mode('everyday');
    expect(await run(0)).toEqual({ notifications: 1, mails: 1 }); // a day has passed since the last.
    expect(await run(0)).toEqual({ notifications: 0, mails: 0 });
    expect(await run(0.5)).toEqual({ notifications: 0, mails: 0 });
    expect(await run(0.5)).toEqual({ notifications: 1, mails: 1 });

    await mode('every_week');
    expect(await run(1)).toEqual({ notifications: 0, mails: 0 });
    expect(await run(6)).toEqual({ notifications: 1, mails: 1 });

    await mode('never');
    expect(await run(3)).toEqual({ notifications: 0, mails: 0 });
    // Ended: a new episode (already expired), still nothing while never or off.
    await mode('everyday', false);
    expect(await run(2)).toEqual({ notifications: 0, mails: 0 });
    await mode('once');
    const expired = await run(0);
    expect(expired).toEqual({ notifications: 1, mails: 1 });
    const last = await t.db
      .selectFrom('notifications')
      .select('type')
      .where('project_id', '=', officeId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.type).toBe('licence_expired');
    await mode('everyday');
    await clear();
  });

  it('adds from the licence server: previews, adds, and says when it has none, is bound elsewhere or is down', async () => {
    server.account('HARBOUR-KEY-1', [{ ...withElevator(), licence_id: `server-${dialect}-1`, amenity: true }]);
    const check = await t.call('POST', '/licenses/cloud/check', { token: office, body: { key: 'HARBOUR-KEY-1' } });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.features.after).toMatchObject({ elevator: true, amenity: true });
    expect(server.requests.at(-1)).toMatchObject({ instance_id: instance, key: 'HARBOUR-KEY-1' });

    const added = await t.call('POST', '/licenses/cloud', { token: office, body: { key: 'HARBOUR-KEY-1' } });
    expect(added.statusCode, added.body).toBe(200);
    const [licenceItem] = await list();
    expect(licenceItem).toMatchObject({ licence_id: `server-${dialect}-1`, source: 'server' });
    expect(await features()).toMatchObject({ elevator: true, amenity: true });
    // Asking again gives the same licence: held already.
    const again = await t.call('POST', '/licenses/cloud', { token: office, body: { key: 'HARBOUR-KEY-1' } });
    expect(again.json()).toEqual({ message: 'same instance already registered' });

    const none = await t.call('POST', '/licenses/cloud/check', { token: office, body: { key: 'NO-SUCH-KEY' } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'no licences for project' });

    // A key another installation registered first.
    server.account('TAKEN-KEY', [{ ...licence(), licence_id: `server-${dialect}-2` }]);
    await fetch(`${server.url}/features/state`, {
      method: 'POST',
      body: JSON.stringify({ instance_id: 'another-installation', key: 'TAKEN-KEY' }),
    });
    const taken = await t.call('POST', '/licenses/cloud/check', { token: office, body: { key: 'TAKEN-KEY' } });
    expect(taken.json()).toEqual({ message: 'same instance already registered' });

    const bad = await t.call('POST', '/licenses/cloud/check', { token: office, body: { key: 'bad key!' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('invalid data sent');
    await clear();
  });

  it('answers "licence server not responding" when the licence server is down', async () => {
    await server.close();
    const res = await t.call('POST', '/licenses/cloud/check', { token: office, body: { key: 'HARBOUR-KEY-1' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'licence server not responding' });
  });
});
