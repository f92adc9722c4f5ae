import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnounceByTokenSchema, AnnounceListSchema, AnnounceSchema } from '../../src/contract/entities/announce';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';

describe.each(dialects)('announces (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  const users = { admin: 0, staff: 0, concierge: 0, resident: 0 };
  let groups: Record<string, number> = {};
  let author: { id: number; token: string };

  const put = (body: Record<string, unknown>, token = tokens.admin) => t.call('PUT', '/announces', { token, body });
  const get = async (id: number, token = tokens.admin) => {
    const res = await t.call('GET', `/announces/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(AnnounceSchema, res.json().data);
  };
  const create = async (body: Record<string, unknown>, token = tokens.admin) => {
    const res = await put(body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };
  const info = (extra: Record<string, unknown> = {}) => ({
    name: 'Water',
    subject: 'Water off on Monday',
    body: 'The water is off from 9 to 12.',
    users: [users.resident],
    ...extra,
  });
  const tokenOf = async (announceId: number, userId: number) =>
    (
      await t.db
        .selectFrom('announce_recipients')
        .select('token')
        .where('announce_id', '=', announceId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).token;
  const notificationsOf = (userId: number, type: string) =>
    t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', type).execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of ['admin', 'staff', 'concierge', 'resident'] as const) {
      tokens[login] = (await t.session(login)).token;
    }
    const ids = await demoIds(t);
    Object.assign(users, ids.users);
    groups = ids.groups;
    // May write announces but not send them.
    author = await addProjectUser(t, {
      login: 'writer',
      permissions: ['announces.view', 'announces.create', 'announces.edit'],
      group: 'Building A',
    });
  });
  afterAll(() => t.close());

  it('creates with the defaults of section 9 and reads it back', async () => {
    const id = await create(info());
    expect(await get(id)).toMatchObject({
      name: 'Water',
      type: 'info',
      status: 'new',
      send_via: 'email',
      use_owner_info: false,
      users: [{ id: users.resident, name: 'Rita Resident' }],
      domains: [],
      execute_at: null,
      recipients_count: 0,
      created_by: { id: users.admin },
    });
    const patched = await t.call('PATCH', `/announces/${id}`, {
      token: tokens.admin,
      body: { subject: 'Water off on Tuesday', domains: [groups['Unit 102']] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ subject: 'Water off on Tuesday', domains: [{ name: 'Unit 102' }] });
  });

  it('validates per field, with the rules of section 5', async () => {
    const empty = await put({ name: '', subject: ' ', body: '', users: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { name: { code: 'required' }, subject: { code: 'required' }, body: { code: 'required' } },
    });
    const nobody = await put(info({ users: [], domains: [] }));
    expect(nobody.json().errors).toEqual({ users: { code: 'recipients_required' } });
    const poll = await put(info({ type: 'poll', type_info: { questions: [], poll_user_answer_allowed: false } }));
    expect(poll.json().errors).toEqual({ 'type_info.questions': { code: 'poll_answer_required' } });
    const customOnly = await put(info({ type: 'poll', type_info: { poll_user_answer_allowed: true } }));
    expect(customOnly.statusCode, customOnly.body).toBe(200);
    const badType = await put(info({ send_via: 'pigeon' }));
    expect(badType.json().errors.send_via).toEqual({ code: 'invalid' });
    const stranger = await put(info({ users: [999_999] }));
    expect(stranger.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['users'] });

    // PATCH checks the announce as it would be after the change.
    const id = await create(info());
    const emptied = await t.call('PATCH', `/announces/${id}`, { token: tokens.admin, body: { users: [] } });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().errors).toEqual({ users: { code: 'recipients_required' } });
  });

  it('starts: delivers to users and to the users of groups and below, notifies, mails, reports to the author', async () => {
    const id = await create(info({ users: [users.concierge], domains: [groups['Building A']], use_owner_info: true }));
    expect((await t.call('POST', `/announces/${id}/start`, { token: tokens.concierge })).statusCode).toBe(403);
    const started = await t.call('POST', `/announces/${id}/start`, { token: tokens.admin });
    expect(started.statusCode, started.body).toBe(200);
    // Building A holds the writer; Unit 101 (below it) holds the resident; the concierge is named.
    expect(started.json().data).toMatchObject({ status: 'started', recipients_count: 3 });
    expect(started.json().data.started_at).not.toBeNull();

    const token = await tokenOf(id, users.resident);
    const [received] = await notificationsOf(users.resident, 'announce_received');
    expect(JSON.parse(received!.data)).toMatchObject({ token, announce_id: id, author: 'Administrator' });
    expect(received!.significance).toBe('important');
    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'announce')
      .where('to_address', '=', 'resident@example.com')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Water off on Monday');
    expect(mail[0]!.body).toContain(`/announce/${token}`);
    expect(mail[0]!.body).toContain('Administrator');
    expect(await notificationsOf(users.admin, 'announce_status_changed')).toHaveLength(1);

    // A started announce is neither started again nor edited.
    const again = await t.call('POST', `/announces/${id}/start`, { token: tokens.admin });
    expect(again.json().message).toBe('cannot perform action');
    const edit = await t.call('PATCH', `/announces/${id}`, { token: tokens.admin, body: { name: 'x' } });
    expect(edit.json().message).toBe('cannot perform action');

    const stopped = await t.call('POST', `/announces/${id}/stop`, { token: tokens.admin });
    expect(stopped.json().data).toMatchObject({ status: 'stopped' });
    expect(await notificationsOf(users.admin, 'announce_status_changed')).toHaveLength(2);
    // Restarting delivers only to new recipients: nobody gets it twice.
    expect((await t.call('POST', `/announces/${id}/start`, { token: tokens.admin })).statusCode).toBe(200);
    expect(await notificationsOf(users.resident, 'announce_received')).toHaveLength(1);
  });

  it('push announces notify without mail', async () => {
    const id = await create(info({ send_via: 'push', users: [users.staff] }));
    await t.call('POST', `/announces/${id}/start`, { token: tokens.admin });
    const [received] = await notificationsOf(users.staff, 'announce_received');
    // Without owner info the project speaks, not the author.
    expect(JSON.parse(received!.data)).toMatchObject({ author: 'Riverside Residence', name: 'Water' });
    const mail = await t.db.selectFrom('outbox').select('id').where('to_address', '=', 'staff@example.com').execute();
    expect(mail).toHaveLength(0);
  });

  it('answers a poll by token: options, custom answer, the rules of section 5', async () => {
    const id = await create(
      info({
        type: 'poll',
        subject: 'Paint the hall?',
        type_info: { questions: ['Blue', 'Green', 'White'], poll_user_answer_allowed: true },
      }),
    );
    await t.call('POST', `/announces/${id}/start`, { token: tokens.admin });
    const token = await tokenOf(id, users.resident);
    const answer = (body: Record<string, unknown>, who = tokens.resident) =>
      t.call('POST', '/announces/response', { token: who, body: { token, ...body } });

    const view = await t.call('GET', `/announces/items/token/${token}`, { token: tokens.resident });
    expect(v.parse(AnnounceByTokenSchema, view.json().data)).toMatchObject({
      subject: 'Paint the hall?',
      type: 'poll',
      status: 'started',
      type_info: { questions: ['Blue', 'Green', 'White'], poll_multi_answers_allowed: false },
      owner: null,
      response: null,
    });
    // A token is only its recipient's.
    expect((await t.call('GET', `/announces/items/token/${token}`, { token: tokens.staff })).statusCode).toBe(404);
    expect((await answer({ answers: [1] }, tokens.staff)).statusCode).toBe(404);

    expect((await answer({ answers: [], custom_answer: '  ' })).json()).toMatchObject({
      message: 'invalid data sent',
      errors: { answers: { code: 'poll_answer_required' } },
    });
    expect((await answer({ answers: [0, 1] })).json().errors).toEqual({ answers: { code: 'invalid' } });
    expect((await answer({ answers: [3] })).json().errors).toEqual({ answers: { code: 'invalid' } });
    const ok = await answer({ answers: [1], custom_answer: 'Light green, please' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.response).toMatchObject({ answers: [1], custom_answer: 'Light green, please' });
    expect((await get(id)).responses_count).toBe(1);

    // Info announces take no answers; a stopped poll takes none either.
    const infoId = await create(info());
    await t.call('POST', `/announces/${infoId}/start`, { token: tokens.admin });
    const infoToken = await tokenOf(infoId, users.resident);
    const refused = await t.call('POST', '/announces/response', {
      token: tokens.resident,
      body: { token: infoToken, answers: [0] },
    });
    expect(refused.json().message).toBe('cannot perform action');
    await t.call('POST', `/announces/${id}/stop`, { token: tokens.admin });
    expect((await answer({ answers: [2] })).json().message).toBe('cannot perform action');

    // Responses: everything for view_all, own answers for the resident, nothing for the concierge.
    const rows = async (who: string) => {
      const res = await t.call('GET', '/announces/responses/items', { token: who });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { answer_texts: string[]; user: { id: number }; custom_answer: string | null }[];
    };
    expect(await rows(tokens.admin)).toEqual([
      expect.objectContaining({ answer_texts: ['Green'], custom_answer: 'Light green, please' }),
    ]);
    expect((await rows(tokens.resident)).map((r) => r.user.id)).toEqual([users.resident]);
    expect(await rows(tokens.concierge)).toEqual([]);
    const exported = await t.call('GET', '/announces/responses/export', { token: tokens.admin });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('starts scheduled announces when execute_at comes, and only then', async () => {
    const now = Date.now();
    const at = new Date(now + 3_600_000).toISOString();
    const before = (await notificationsOf(users.concierge, 'announce_received')).length;
    const id = await create(info({ users: [users.concierge], execute_at: at }));
    expect((await get(id)).execute_at).toBe(at);
    expect(await t.app.announceScheduler.tick(new Date(now))).not.toContain(id);
    expect((await get(id)).status).toBe('new');
    expect(await t.app.announceScheduler.tick(new Date(now + 7_200_000))).toContain(id);
    expect(await get(id)).toMatchObject({ status: 'started', recipients_count: 1 });
    expect(await notificationsOf(users.concierge, 'announce_received')).toHaveLength(before + 1);
    // A later tick does not start it again.
    expect(await t.app.announceScheduler.tick(new Date(now + 9_000_000))).not.toContain(id);

    // Scheduling is sending: it needs announces.send.
    const refused = await put(info({ execute_at: at }), author.token);
    expect(refused.statusCode).toBe(403);
    expect((await put(info(), author.token)).statusCode).toBe(200);
  });

  it('scopes: view_all sees all; view sees own and received ones; authorship for changes', async () => {
    const all = await t.call('GET', '/announces/items?size=100', { token: tokens.admin });
    const total = v.parse(AnnounceListSchema, all.json()).meta.total;
    expect(total).toBeGreaterThan(5);
    const residentList = v.parse(
      AnnounceListSchema,
      (await t.call('GET', '/announces/items?size=100', { token: tokens.resident })).json(),
    );
    // Only started ones that reached the resident.
    expect(residentList.data.every((a) => a.status !== 'new')).toBe(true);
    // Each carries the resident's own token, so the console opens /announce/:token.
    for (const a of residentList.data) expect(a.token).toBe(await tokenOf(a.id, users.resident));
    // A recipient is not told who else got it.
    expect(residentList.data.every((a) => a.users.length === 0 && a.domains.length === 0)).toBe(true);
    expect(residentList.meta.total).toBeGreaterThan(0);
    const mine = v.parse(
      AnnounceListSchema,
      (await t.call('GET', '/announces/items?size=100', { token: author.token })).json(),
    );
    expect(mine.data.some((a) => a.created_by?.id === author.id)).toBe(true);
    const foreign = mine.data.find((a) => a.created_by?.id !== author.id);
    expect(foreign).toBeDefined();
    const edit = await t.call('PATCH', `/announces/${foreign!.id}`, {
      token: author.token,
      body: { name: 'mine now' },
    });
    expect(edit.statusCode).toBe(403);

    expect((await t.call('DELETE', `/announces/${foreign!.id}`, { token: tokens.resident })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/announces/${foreign!.id}`, { token: tokens.admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/announces/${foreign!.id}`, { token: tokens.admin })).statusCode).toBe(404);
  });

  it('answers 401 without a token on every route', async () => {
    for (const [method, path] of [
      ['GET', '/announces/items'],
      ['GET', '/announces/1'],
      ['PUT', '/announces'],
      ['PATCH', '/announces/1'],
      ['DELETE', '/announces/1'],
      ['POST', '/announces/1/start'],
      ['POST', '/announces/1/stop'],
      ['GET', '/announces/items/token/abc'],
      ['POST', '/announces/response'],
      ['GET', '/announces/responses/items'],
    ] as const) {
      const res = await t.call(method, path, { body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
