import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNICATIONS } from '../../src/contract/constants';
import {
  ConversationListSchema,
  ConversationMessageCreatedSchema,
  MessagePageSchema,
} from '../../src/contract/entities/conversation';
import { userTopic } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { addProjectUser, demoIds } from '../support/project-users';
import { connect, listening } from '../support/ws-client';

describe.each(dialects)('conversations (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  const users = { admin: 0, staff: 0, concierge: 0, resident: 0 };
  let observer: { id: number; token: string };
  let outsider: { id: number; token: string };
  let conversationId = 0;

  const list = async (token: string, query = '') => {
    const res = await t.call('GET', `/conversations/items${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(ConversationListSchema, res.json());
  };
  const recipients = async (token: string) => {
    const res = await t.call('GET', '/conversations/recipients/items?size=100', { token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { name: string }[]).map((r) => r.name).sort();
  };
  const start = (token: string, body: Record<string, unknown>) => t.call('PUT', '/conversations', { token, body });
  /** A console of `token` listening on the user's own topic. */
  const listen = async (token: string, userId: number) => {
    const socket = await connect(await listening(t.app), token);
    expect((await socket.subscribe(userTopic(userId))).data.type).toBe('subscription.succeeded');
    return { wait: (pick: Parameters<typeof socket.next>[0]) => socket.next(pick), close: () => socket.close() };
  };
  const send = (token: string, id: number, message: string) =>
    t.call('POST', `/conversations/${id}/messages`, { token, body: { message } });

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of ['admin', 'staff', 'concierge', 'resident'] as const)
      tokens[login] = (await t.session(login)).token;
    Object.assign(users, (await demoIds(t)).users);
    // Sees conversations of users in Building A and below, but takes part in none.
    observer = await addProjectUser(t, {
      login: 'observer',
      permissions: ['conversations.view_descendants'],
      group: 'Building A',
    });
    // May read and write but start nothing; lives in Unit 102.
    outsider = await addProjectUser(t, {
      login: 'neighbour',
      permissions: ['conversations.view', 'conversations.create_message'],
      group: 'Unit 102',
    });
  });
  afterAll(() => t.close());

  it('lists recipients by 6.2: descendants for create, acceptors above, all with send_to_all', async () => {
    // The concierge (root group) reaches everyone below who can read conversations.
    expect(await recipients(tokens.concierge)).toEqual(
      ['Rita Resident', 'Sam Staff', 'neighbour', 'observer', 'Administrator', 'Cole Concierge'].sort(),
    );
    // The resident (Unit 101) has nobody below; both concierges, staff and admin accept from descendants.
    expect(await recipients(tokens.resident)).toEqual(
      ['Cora Concierge', 'Cole Concierge', 'Sam Staff', 'Administrator'].sort(),
    );
    // Staff may send to all.
    expect(await recipients(tokens.staff)).toContain('neighbour');
    // Without conversations.create there is nobody to start a conversation with.
    const refused = await t.call('GET', '/conversations/recipients/items', { token: outsider.token });
    expect(refused.statusCode).toBe(403);
  });

  it('validates the new conversation per field', async () => {
    const empty = await start(tokens.concierge, { subject: ' ', interlocutor: users.resident, message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'invalid data sent',
      errors: { subject: { code: 'required' }, message: { code: 'required' } },
    });
    const long = await start(tokens.concierge, {
      subject: 'x',
      interlocutor: users.resident,
      message: 'y'.repeat(COMMUNICATIONS.messageMaxLength + 1),
    });
    expect(long.json().errors.message).toEqual({
      code: 'max_length',
      params: { length: COMMUNICATIONS.messageMaxLength },
    });
    const self = await start(tokens.concierge, { subject: 'x', interlocutor: users.concierge, message: 'hi' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('a user cannot communicate with himself');
    // The resident may not start one with a neighbour (not below, not an acceptor).
    const notAllowed = await start(tokens.resident, { subject: 'x', interlocutor: outsider.id, message: 'hi' });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['interlocutor'] });
    const noRight = await start(outsider.token, { subject: 'x', interlocutor: users.resident, message: 'hi' });
    expect(noRight.statusCode).toBe(403);
  });

  it('starts a conversation with its first message, live and in the bell', async () => {
    const residentFeed = await listen(tokens.resident, users.resident);
    try {
      const res = await start(tokens.concierge, {
        subject: 'Parcel at the desk',
        interlocutor: users.resident,
        message: 'A parcel is waiting for you.',
      });
      expect(res.statusCode, res.body).toBe(200);
      conversationId = res.json().data;
      const live = await residentFeed.wait((m) => m.data.type === 'ConversationMessageCreated');
      const event = v.parse(ConversationMessageCreatedSchema, live.data);
      expect(event).toMatchObject({
        conversation_id: conversationId,
        message: { body: 'A parcel is waiting for you.', author: { id: users.concierge } },
      });
      const bell = await residentFeed.wait((m) => m.data.type === 'NotificationCreated');
      expect(bell.data).toMatchObject({
        notification: { type: 'conversation_received', data: { conversation_id: conversationId } },
      });
    } finally {
      residentFeed.close();
    }

    const [mine] = (await list(tokens.resident)).data;
    expect(mine).toMatchObject({
      id: conversationId,
      subject: 'Parcel at the desk',
      interlocutor: { id: users.concierge, name: 'Cora Concierge' },
      message: { body: 'A parcel is waiting for you.' },
      unread: 1,
      is_participant: true,
    });
    expect((await list(tokens.concierge)).data[0]).toMatchObject({ id: conversationId, unread: 0 });
  });

  it('reading the newest messages marks them read; a reply reaches the other side', async () => {
    const page = await t.call('GET', `/conversations/${conversationId}/messages`, { token: tokens.resident });
    expect(v.parse(MessagePageSchema, page.json())).toMatchObject({ meta: { has_more: false } });
    expect((await list(tokens.resident)).data[0]?.unread).toBe(0);

    const conciergeFeed = await listen(tokens.concierge, users.concierge);
    try {
      const reply = await send(tokens.resident, conversationId, 'Thanks, coming down.');
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json().data).toMatchObject({ body: 'Thanks, coming down.', author: { id: users.resident } });
      await conciergeFeed.wait(
        (m) => m.data.type === 'ConversationMessageCreated' && m.data.conversation_id === conversationId,
      );
      const bell = await conciergeFeed.wait((m) => m.data.type === 'NotificationCreated');
      expect(bell.data).toMatchObject({ notification: { type: 'conversation_message_received' } });
    } finally {
      conciergeFeed.close();
    }
    expect((await list(tokens.concierge)).data[0]).toMatchObject({
      unread: 1,
      message: { body: 'Thanks, coming down.' },
    });
    const read = await t.call('POST', `/conversations/${conversationId}/read`, { token: tokens.concierge });
    expect(read.statusCode).toBe(200);
    expect((await list(tokens.concierge)).data[0]?.unread).toBe(0);
  });

  it('pages older messages by before_date without skipping or repeating', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await send(i % 2 ? tokens.resident : tokens.concierge, conversationId, `message ${i}`);
      expect(res.statusCode).toBe(200);
    }
    const newest = v.parse(
      MessagePageSchema,
      (await t.call('GET', `/conversations/${conversationId}/messages`, { token: tokens.concierge })).json(),
    );
    expect(newest.data).toHaveLength(COMMUNICATIONS.messagesPage);
    expect(newest.meta.has_more).toBe(true);
    expect(newest.data.at(-1)?.body).toBe('message 24');
    const before = encodeURIComponent(newest.data[0]!.created_at);
    const older = v.parse(
      MessagePageSchema,
      (await t.call('GET', `/conversations/${conversationId}/messages/${before}`, { token: tokens.concierge })).json(),
    );
    expect(older.meta.has_more).toBe(false);
    const all = [...older.data, ...newest.data].map((m) => m.body);
    expect(all).toHaveLength(27);
    expect(new Set(all).size).toBe(27);
    expect(all.slice(0, 2)).toEqual(['A parcel is waiting for you.', 'Thanks, coming down.']);
    const stamps = [...older.data, ...newest.data].map((m) => m.created_at);
    expect([...stamps].sort()).toEqual(stamps);
    const bad = await t.call('GET', `/conversations/${conversationId}/messages/yesterday`, { token: tokens.concierge });
    expect(bad.statusCode).toBe(404);
  });

  it('scopes reading: participants, descendants observers, view_all; others get 404', async () => {
    const staffToAdmin = await start(tokens.staff, { subject: 'Board', interlocutor: users.admin, message: 'hello' });
    expect(staffToAdmin.statusCode).toBe(200);
    const boardId = staffToAdmin.json().data as number;

    // The observer in Building A sees the resident's conversation (Unit 101 is below), not the board's.
    const seen = (await list(observer.token)).data;
    expect(seen.map((c) => c.id)).toEqual([conversationId]);
    expect(seen[0]).toMatchObject({ is_participant: false, unread: 0, interlocutor: { id: users.resident } });
    expect((await t.call('GET', `/conversations/${boardId}`, { token: observer.token })).statusCode).toBe(404);

    // Staff (view_all) sees both; the neighbour sees none.
    expect((await list(tokens.staff)).data.map((c) => c.id).sort()).toEqual([conversationId, boardId].sort());
    expect((await list(outsider.token)).meta.total).toBe(0);
    expect((await t.call('GET', `/conversations/${conversationId}`, { token: outsider.token })).statusCode).toBe(404);
    const peek = await t.call('GET', `/conversations/${conversationId}/messages`, { token: outsider.token });
    expect(peek.statusCode).toBe(404);

    // Observers read but do not write.
    expect((await send(tokens.staff, conversationId, 'not mine')).statusCode).toBe(403);
    // Filters and search run within the scope.
    const searched = await list(
      tokens.staff,
      `?filters=${encodeURIComponent(JSON.stringify([{ field: 'search', rule: 'contains', value: 'parcel' }]))}`,
    );
    expect(searched.data.map((c) => c.id)).toEqual([conversationId]);
    const withResident = await list(
      tokens.staff,
      `?filters=${encodeURIComponent(JSON.stringify([{ field: 'participants', rule: 'has', value: [users.admin] }]))}`,
    );
    expect(withResident.data.map((c) => c.id)).toEqual([boardId]);
  });

  it('gates every route by permission and answers 401 without a token', async () => {
    const routes: [string, string][] = [
      ['GET', '/conversations/items'],
      ['GET', `/conversations/${conversationId}`],
      ['GET', `/conversations/${conversationId}/messages`],
      ['POST', `/conversations/${conversationId}/messages`],
      ['PUT', '/conversations'],
      ['DELETE', `/conversations/${conversationId}`],
      ['GET', '/conversations/recipients/items'],
    ];
    for (const [method, path] of routes) {
      const res = await t.call(method as 'GET', path, { body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
    // Neither the resident nor the concierge holds conversations.delete.
    for (const who of ['resident', 'concierge'] as const) {
      const res = await t.call('DELETE', `/conversations/${conversationId}`, { token: tokens[who] });
      expect(res.statusCode).toBe(403);
    }
    const removed = await t.call('DELETE', `/conversations/${conversationId}`, { token: tokens.staff });
    expect(removed.statusCode).toBe(200);
    expect((await list(tokens.resident)).meta.total).toBe(0);
    const gone = await t.db
      .selectFrom('conversation_messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .execute();
    expect(gone).toEqual([]);
  });
});
