import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { notify } from '../../server/domain/notifications/notifications';
import { NOTIFICATIONS } from '../../src/contract/constants';
import type { NotificationType } from '../../src/contract/entities/notification';
import { CALLS } from '../../src/contract/http';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/** What notify() needs of the app's context: its database and its realtime hub. */
const appContext = (t: TestApp) => ({ db: t.db, realtime: t.app.realtime }) as unknown as AppContext;

const ItemsAnswer = CALLS['GET /notifications/items'].response;
const UnreadAnswer = CALLS['GET /notifications/unread'].response;

describe.each(dialects)('notifications API (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  let projectId = 0;

  const send = (userIds: number[], type: NotificationType, data: Record<string, unknown> = {}) =>
    notify(appContext(t), { projectId, userIds, type, data });
  const items = async (login: string, query = '') => {
    const res = await t.call('GET', `/notifications/items${query}`, { token: tokens[login] });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(ItemsAnswer, res.json());
  };
  const unread = async (login: string) => {
    const res = await t.call('GET', '/notifications/unread', { token: tokens[login] });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(UnreadAnswer, res.json()).data;
  };
  const read = (login: string, body: unknown) => t.call('POST', '/notifications/read', { token: tokens[login], body });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const login of ['admin', 'staff', 'resident'])
      tokens[login] = (await t.session(login, undefined, 'Riverside Residence')).token;
    for (const r of await t.db.selectFrom('users').select(['id', 'login']).execute()) users[r.login] = r.id;
    projectId = (
      await t.db.selectFrom('projects').select('id').where('name', '=', 'Riverside Residence').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('notifications').execute();
    await t.db.deleteFrom('notification_settings').execute();
  });

  it('refuses every call without a token', async () => {
    for (const [method, path] of [
      ['GET', '/notifications/unread'],
      ['GET', '/notifications/items'],
      ['POST', '/notifications/read'],
      ['GET', '/notifications/settings'],
      ['POST', '/notifications/settings'],
    ] as const) {
      const res = await t.call(method, path, method === 'POST' ? { body: { all: true } } : {});
      expect(res.statusCode, path).toBe(401);
      expect(res.json().message).toBe('not_authorized');
    }
  });

  it('counts unread and lists the newest 3 unread important ones', async () => {
    for (let i = 1; i <= 4; i += 1)
      await send([users.resident!], 'announce_received', { token: `t${i}`, name: `A${i}` });
    await send([users.resident!], 'conversation_message_received', { conversation_id: 7 });
    const summary = await unread('resident');
    expect(summary.count).toBe(5);
    expect(summary.important_count).toBe(4);
    expect(summary.important.map((n) => n.data.name)).toEqual(['A4', 'A3', 'A2']);
    expect(summary.important).toHaveLength(NOTIFICATIONS.headerImportantUnread);
    expect(await unread('staff')).toEqual({ count: 0, important_count: 0, important: [] });
  });

  it('pages newest first: size defaults to 20 and may not exceed it', async () => {
    for (let i = 1; i <= 23; i += 1)
      await send([users.resident!], 'conversation_message_received', { conversation_id: i });
    const first = await items('resident');
    expect(first.meta).toEqual({ page: 1, size: 20, total: 23 });
    expect(first.data[0]!.data.conversation_id).toBe(23);
    expect(first.data[0]!.popup_action).toEqual({ code: 'goto:page', params: { page: '/conversation/23', query: {} } });
    const second = await items('resident', '?page=2');
    expect(second.data.map((n) => n.data.conversation_id)).toEqual([3, 2, 1]);
    const small = await items('resident', '?page=3&size=5');
    expect(small.data.map((n) => n.data.conversation_id)).toEqual([13, 12, 11, 10, 9]);
    for (const bad of ['?size=21', '?page=0', '?type=loud', '?size=x']) {
      const res = await t.call('GET', `/notifications/items${bad}`, { token: tokens.resident });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('wrong parameters');
    }
  });

  it('filters by tab: all, normal, important, acs, alarm', async () => {
    await send([users.resident!], 'announce_received', { token: 'x' });
    await send([users.resident!], 'identifier_used', { identifier_number: '1' });
    await send([users.resident!], 'revoked_identifier_used', { identifier_number: '2' });
    await send([users.resident!], 'device_alarm_enabled', { alarm_id: 5 });
    await send([users.resident!], 'device_alarm_processed', { alarm_id: 5 });
    await send([users.resident!], 'sip_reboot_started');
    const types = async (tab: string) => (await items('resident', `?type=${tab}`)).data.map((n) => n.type).sort();
    expect(await types('all')).toHaveLength(6);
    expect(await types('important')).toEqual(['announce_received', 'device_alarm_enabled', 'revoked_identifier_used']);
    expect(await types('normal')).toEqual(['device_alarm_processed', 'identifier_used', 'sip_reboot_started']);
    expect(await types('acs')).toEqual(['identifier_used', 'revoked_identifier_used']);
    expect(await types('alarm')).toEqual(['device_alarm_enabled', 'device_alarm_processed']);
    expect((await items('resident', '?type=alarm')).meta.total).toBe(2);
  });

  it("marks one, several or all read, only among the caller's own", async () => {
    await send([users.resident!, users.staff!], 'conversation_message_received', { conversation_id: 1 });
    await send([users.resident!, users.staff!], 'conversation_message_received', { conversation_id: 2 });
    await send([users.resident!, users.staff!], 'conversation_message_received', { conversation_id: 3 });
    const mine = (await items('resident')).data.map((n) => n.id);
    const staffs = (await items('staff')).data.map((n) => n.id);

    // Another user's notification is as good as missing.
    const foreign = await read('resident', { id: staffs[0] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('item not found');
    const foreignMany = await read('resident', { ids: staffs });
    expect(foreignMany.json().data).toEqual({ marked: 0, unread: 3 });
    expect((await unread('staff')).count).toBe(3);

    const one = await read('resident', { id: mine[0] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ marked: 1, unread: 2 });
    const firstRead = (await items('resident')).data[0]!.read_at;
    expect(firstRead).not.toBeNull();
    // Marking again changes nothing and keeps the first read time.
    expect((await read('resident', { id: mine[0] })).json().data).toEqual({ marked: 0, unread: 2 });
    expect((await items('resident')).data[0]!.read_at).toBe(firstRead);

    expect((await read('resident', { ids: [mine[1], staffs[1]] })).json().data).toEqual({ marked: 1, unread: 1 });
    expect((await read('resident', { all: true })).json().data).toEqual({ marked: 1, unread: 0 });
    expect((await unread('staff')).count).toBe(3);
  });

  it('refuses a read body that names nothing', async () => {
    for (const body of [{}, { ids: [] }, { all: false }, { id: 'x' }, [1]]) {
      const res = await read('resident', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('invalid data sent');
    }
  });

  it("keeps notifications per project: another project's session does not see them", async () => {
    await send([users.admin!], 'sip_reboot_completed', { output: ['ok'] });
    const harbour = (await t.session('admin', undefined, 'Harbour Office')).token;
    const res = await t.call('GET', '/notifications/items', { token: harbour });
    expect(res.json().meta.total).toBe(0);
    expect((await items('admin')).meta.total).toBe(1);
  });

  it('reads the defaults, saves settings partially and applies them to notify()', async () => {
    const initial = await t.call('GET', '/notifications/settings', { token: tokens.resident });
    expect(initial.json().data).toMatchObject({
      user: { id: users.resident, name: expect.any(String) },
      notify_about_offline_device: true,
      notify_about_device_task_failed: true,
      acs: true,
    });
    const saved = await t.call('POST', '/notifications/settings', { token: tokens.resident, body: { acs: false } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ acs: false, notify_about_offline_device: true });
    const again = await t.call('POST', '/notifications/settings', {
      token: tokens.resident,
      body: { notify_about_offline_device: false },
    });
    expect(again.json().data).toMatchObject({
      acs: false,
      notify_about_offline_device: false,
      notify_about_device_task_failed: true,
    });
    expect((await t.call('GET', '/notifications/settings', { token: tokens.staff })).json().data.acs).toBe(true);

    await send([users.resident!, users.staff!], 'identifier_used', {});
    await send([users.resident!, users.staff!], 'device_offline', { device_id: 3 });
    await send([users.resident!, users.staff!], 'device_task_failed', {});
    expect((await items('resident')).data.map((n) => n.type)).toEqual(['device_task_failed']);
    expect((await items('staff')).meta.total).toBe(3);

    const bad = await t.call('POST', '/notifications/settings', { token: tokens.resident, body: { acs: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('acs');
  });
});
