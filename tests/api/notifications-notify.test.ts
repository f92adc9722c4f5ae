import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { notify } from '../../server/domain/notifications/notifications';
import type { Realtime } from '../../server/realtime/realtime';
import {
  NOTIFICATION_TYPE_CODES,
  NOTIFICATION_TYPES,
  NotificationCreatedEventSchema,
} from '../../src/contract/entities/notification';
import { userTopic } from '../../src/contract/realtime';
import { buildTestApp, dialects, type TestApp } from '../support/api-app';

describe.each(dialects)('notify() (%s)', (dialect) => {
  let t: TestApp;
  let ctx: AppContext;
  const published: { topic: string; data: unknown }[] = [];
  const users: Record<string, number> = {};
  let projectId = 0;
  let otherProjectId = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const r of await t.db.selectFrom('users').select(['id', 'login']).execute()) users[r.login] = r.id;
    const projects = await t.db.selectFrom('projects').select(['id', 'name']).execute();
    projectId = projects.find((p) => p.name === 'Riverside Residence')!.id;
    otherProjectId = projects.find((p) => p.name === 'Harbour Office')!.id;
    const realtime: Realtime = {
      publish: (topic, data) => {
        published.push({ topic, data });
      },
      authorize: () => undefined,
      endSessions: () => undefined,
    };
    ctx = { db: t.db, realtime } as unknown as AppContext;
  });
  afterAll(() => t.close());

  it('stores one row per member with the catalogue fields and publishes NotificationCreated to each', async () => {
    published.length = 0;
    await notify(ctx, {
      projectId,
      userIds: [users.resident!, users.staff!, users.resident!],
      type: 'announce_received',
      data: { token: 'abc', author: 'Admin', name: 'Water off' },
    });
    const rows = await t.db.selectFrom('notifications').selectAll().where('type', '=', 'announce_received').execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual([users.resident, users.staff].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        project_id: projectId,
        significance: 'important',
        icon: 'megaphone',
        sound: 'important',
        read_at: null,
      });
      expect(JSON.parse(row.popup_action!)).toEqual({
        code: 'goto:page',
        params: { page: '/announce/abc', query: {} },
      });
    }
    expect(published.map((p) => p.topic).sort()).toEqual([userTopic(users.resident!), userTopic(users.staff!)].sort());
    const event = v.parse(NotificationCreatedEventSchema, published[0]!.data);
    expect(event.notification.data).toEqual({ token: 'abc', author: 'Admin', name: 'Water off' });
  });

  it('skips users outside the project and users who switched the type off', async () => {
    published.length = 0;
    await notify(ctx, {
      projectId: otherProjectId,
      userIds: [users.resident!, users.admin!],
      type: 'sip_reboot_started',
      data: {},
    });
    expect(published.map((p) => p.topic)).toEqual([userTopic(users.admin!)]);
    await t.db
      .insertInto('notification_settings')
      .values({ user_id: users.staff!, project_id: projectId, acs: 0, updated_at: 'x' })
      .execute();
    published.length = 0;
    await notify(ctx, { projectId, userIds: [users.resident!, users.staff!], type: 'identifier_used', data: {} });
    expect(published.map((p) => p.topic)).toEqual([userTopic(users.resident!)]);
  });

  it('has a catalogue entry for every type and a null action when the data lacks a placeholder field', async () => {
    expect(NOTIFICATION_TYPE_CODES.length).toBeGreaterThanOrEqual(12);
    expect(NOTIFICATION_TYPES.device_alarm_enabled.popup_action.params.page).toContain(':alarm_id');
    published.length = 0;
    await notify(ctx, { projectId, userIds: [users.resident!], type: 'device_alarm_enabled', data: {} });
    const event = v.parse(NotificationCreatedEventSchema, published[0]!.data);
    expect(event.notification.popup_action).toBeNull();
  });
});
