import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppContext } from '../../server/context';
import { notify } from '../../server/domain/notifications/notifications';
import { NotificationCreatedEventSchema } from '../../src/contract/entities/notification';
import { API_BASE } from '../../src/contract/http';
import { REALTIME_CONTROL, REALTIME_PATH, type RealtimeMessage, userTopic } from '../../src/contract/realtime';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

/** What notify() needs of the app's context: its database and its realtime hub. */
const appContext = (t: TestApp) => ({ db: t.db, realtime: t.app.realtime }) as unknown as AppContext;

/** A websocket client that collects messages and waits for the one a predicate picks. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: RealtimeMessage[] = [];
  const waiters: { pick: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as RealtimeMessage;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.pick(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    messages,
    send: (command: unknown) => socket.send(JSON.stringify(command)),
    next(pick: (m: RealtimeMessage) => boolean, timeoutMs = 3000) {
      const found = messages.find(pick);
      if (found) return Promise.resolve(found);
      return new Promise<RealtimeMessage>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such message in time; got ${JSON.stringify(messages)}`)),
          timeoutMs,
        );
        waiters.push({
          pick,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => socket.close(),
  };
}

describe.each(dialects)('notifications over the realtime hub (%s)', (dialect) => {
  let t: TestApp;
  let base = '';
  const users: Record<string, number> = {};
  let projectId = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${API_BASE}${REALTIME_PATH}`;
    for (const r of await t.db.selectFrom('users').select(['id', 'login']).execute()) users[r.login] = r.id;
    projectId = (
      await t.db.selectFrom('projects').select('id').where('name', '=', 'Riverside Residence').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('delivers notify() to the recipient subscribed on private-users.{id}, and to nobody else', async () => {
    const resident = await connect(`${base}?access_token=${(await t.session('resident')).token}`);
    const staff = await connect(`${base}?access_token=${(await t.session('staff')).token}`);
    try {
      for (const [client, id] of [
        [resident, users.resident!],
        [staff, users.staff!],
      ] as const) {
        client.send({ command: 'subscribe', topic: userTopic(id) });
        await client.next((m) => m.data.type === REALTIME_CONTROL.subscribed);
      }
      // The resident may not listen to the staff member's topic.
      resident.send({ command: 'subscribe', topic: userTopic(users.staff!) });
      await resident.next((m) => m.data.type === REALTIME_CONTROL.refused);

      await notify(appContext(t), {
        projectId,
        userIds: [users.resident!],
        type: 'announce_received',
        data: { token: 'tok', name: 'Lift maintenance' },
      });
      const message = await resident.next((m) => m.data.type === 'NotificationCreated');
      expect(message.topic).toBe(userTopic(users.resident!));
      const event = v.parse(NotificationCreatedEventSchema, message.data);
      expect(event.notification).toMatchObject({ type: 'announce_received', significance: 'important', read_at: null });
      const stored = await t.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', users.resident!)
        .execute();
      expect(stored.map((r) => r.id)).toContain(event.notification.id);

      // A later notification for staff proves the socket works; the resident's never reached it.
      await notify(appContext(t), { projectId, userIds: [users.staff!], type: 'sip_reboot_started', data: {} });
      const staffMessage = await staff.next((m) => m.data.type === 'NotificationCreated');
      expect(v.parse(NotificationCreatedEventSchema, staffMessage.data).notification.type).toBe('sip_reboot_started');
      expect(staff.messages.filter((m) => m.data.type === 'NotificationCreated')).toHaveLength(1);
    } finally {
      resident.close();
      staff.close();
    }
  });
});
