import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createStubMedia } from '../../server/sip/b2bua/stub-media';
import type { SipUserAgent } from '../../server/sip/ua/user-agent';
import type { WaitingCall } from '../../src/contract/entities/calls';
import { API_BASE } from '../../src/contract/http';
import { callManagementTopic } from '../../src/contract/realtime';
import { dialects } from '../support/api-app';
import { buildSipTestApp, DOOR_TOKEN, eventually, NUMBERS, OFFER, type SipTestApp } from '../support/sip';

/** A console's realtime connection: subscribes and collects CallUpdated calls per topic. */
async function listen(baseUrl: string, token: string, topic: string) {
  const socket = new WebSocket(`${baseUrl}${API_BASE}/ws?access_token=${token}`);
  const messages: { topic: string; data: { type: string; call?: WaitingCall } }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ command: 'subscribe', topic }));
  const answer = await eventually(() => messages.find((m) => m.topic === topic && !m.data.call));
  return {
    accepted: answer.data.type === 'subscription.succeeded',
    calls: () => messages.filter((m) => m.data.type === 'CallUpdated').map((m) => m.data.call!),
    close: () => socket.close(),
  };
}

describe.each(dialects)('awaiting calls: the call queue (%s)', (dialect) => {
  let t: SipTestApp;
  let baseUrl: string;
  const agents: SipUserAgent[] = [];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildSipTestApp(dialect);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const login of ['concierge', 'staff', 'resident']) tokens[login] = (await t.session(login)).token;
  });
  afterAll(async () => {
    await Promise.all(agents.map((a) => a.close()));
    await t.close();
  });

  it('lets only the owner of a number listen to its call-management topic', async () => {
    const own = await listen(baseUrl, tokens.concierge!, callManagementTopic(NUMBERS.concierge));
    const foreign = await listen(baseUrl, tokens.resident!, callManagementTopic(NUMBERS.concierge));
    expect(own.accepted).toBe(true);
    expect(foreign.accepted).toBe(false);
    own.close();
    foreign.close();
  });

  it('holds a panel call, lets one concierge join, hold, rejoin and stop it', async () => {
    const cora = await listen(baseUrl, tokens.concierge!, callManagementTopic(NUMBERS.concierge));
    const sam = await listen(baseUrl, tokens.staff!, callManagementTopic(NUMBERS.staff));
    const panel = await t.registered(NUMBERS.panel);
    const coraUa = await t.registered(NUMBERS.concierge);
    const samUa = await t.registered(NUMBERS.staff);
    agents.push(panel, coraUa, samUa);

    // The panel calls the concierge desk: the server answers at once and holds the call.
    const call = panel.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-1' } });
    const answered = await call.answered;
    expect(answered.status).toBe(200);
    expect(call.remoteSdp).toContain('m=audio');
    const waiting = await eventually(() => sam.calls().find((c) => c.status === 'waiting'));
    expect(waiting).toMatchObject({
      id: 'queue-1',
      caller: NUMBERS.panel,
      callee: NUMBERS.desk,
      type: 'awaiting',
      answered_by: null,
      info: { address: 'Main entrance', user: null },
    });
    // Each socket hears the call on its own: wait for the second one too, not only for Sam's.
    expect(await eventually(() => cora.calls().find((c) => c.id === 'queue-1' && c.status === 'waiting'))).toEqual(
      waiting,
    );
    const list = await t.call('GET', '/calls/waiting/items', { token: tokens.staff });
    expect(list.json().data).toEqual([waiting]);

    // Cora joins; Sam sees it answered by Cora, and cannot join himself.
    const join = coraUa.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-1' } });
    expect((await join.answered).status).toBe(200);
    expect(await eventually(() => sam.calls().find((c) => c.status === 'answered'))).toMatchObject({
      answered_by: NUMBERS.concierge,
    });
    const denied = samUa.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-1' } });
    expect((await denied.answered).status).toBe(486);

    // A re-INVITE on a leg keeps the server's session, direction mirrored.
    const reinvited = await join.reinvite(`${OFFER}a=inactive\r\n`);
    expect(reinvited.status).toBe(200);
    expect(reinvited.body).toContain('a=inactive');
    expect(reinvited.body).toContain('m=audio');

    // DTMF from the concierge reaches the panel through the B2BUA.
    expect((await join.info('#')).status).toBe(200);
    await eventually(() => call.infos.length === 1);
    expect(call.infos[0]!.body).toContain('Signal=#');

    // Hold: Cora hangs up her leg; the panel stays connected.
    expect((await join.bye()).status).toBe(200);
    expect(await eventually(() => sam.calls().find((c) => c.status === 'answered_waiting'))).toMatchObject({
      answered_by: NUMBERS.concierge,
    });
    // Only Cora may pick it up again.
    const denied2 = samUa.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-1' } });
    expect((await denied2.answered).status).toBe(486);
    const rejoin = coraUa.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-1' } });
    expect((await rejoin.answered).status).toBe(200);
    await eventually(() => cora.calls().filter((c) => c.status === 'answered').length === 2);

    // Sam (also concerned) stops it: both legs get a BYE, everyone sees it destroyed.
    const stop = await t.call('POST', '/calls/stop', { token: tokens.staff, body: { speech_id: 'queue-1' } });
    expect(stop.statusCode).toBe(200);
    expect(await call.ended).toBe('remote-bye');
    expect(await rejoin.ended).toBe('remote-bye');
    await eventually(() => cora.calls().some((c) => c.status === 'destroyed'));
    expect((await t.call('GET', '/calls/waiting/items', { token: tokens.staff })).json().data).toEqual([]);
    const row = await eventually(() =>
      t.db.selectFrom('call_history').selectAll().where('speech_id', '=', 'queue-1').executeTakeFirst(),
    );
    expect(row).toMatchObject({ status: 'answered', type: 'awaiting', answered_by: NUMBERS.concierge });
    cora.close();
    sam.close();
    await Promise.all([panel.close(), coraUa.close(), samUa.close()]);
  });

  it('ends the queued call when the caller hangs up before anyone joins: outcome cancel', async () => {
    const cora = await listen(baseUrl, tokens.concierge!, callManagementTopic(NUMBERS.concierge));
    const resident = await t.registered(NUMBERS.resident);
    agents.push(resident);
    const call = resident.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-2' } });
    expect((await call.answered).status).toBe(200);
    const waiting = await eventually(() => cora.calls().find((c) => c.id === 'queue-2'));
    expect(waiting.info).toEqual({ address: 'Unit 101', user: 'Rita Resident' });
    await call.bye();
    await eventually(() => cora.calls().find((c) => c.id === 'queue-2' && c.status === 'destroyed'));
    const row = await eventually(() =>
      t.db.selectFrom('call_history').selectAll().where('speech_id', '=', 'queue-2').executeTakeFirst(),
    );
    expect(row).toMatchObject({ status: 'cancel', duration: 0, type: 'awaiting' });
    cora.close();
  });

  it('refuses stop of an unknown or foreign call, and joins by someone not concerned', async () => {
    const resident = await t.registered(NUMBERS.resident);
    agents.push(resident);
    const call = resident.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-3' } });
    expect((await call.answered).status).toBe(200);
    // The resident is not a concierge: an INVITE with the id is just another call to the desk.
    const other = await t.registered(NUMBERS.resident);
    agents.push(other);
    const intrude = other.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-3' } });
    expect((await intrude.answered).status).toBe(403);
    const unknown = await t.call('POST', '/calls/stop', { token: tokens.concierge, body: { speech_id: 'nope' } });
    expect(unknown.statusCode).toBe(404);
    const noRight = await t.call('POST', '/calls/stop', { token: tokens.resident, body: { speech_id: 'queue-3' } });
    expect(noRight.statusCode).toBe(403);
    expect(
      (await t.call('POST', '/calls/stop', { token: tokens.concierge, body: { speech_id: 'queue-3' } })).statusCode,
    ).toBe(200);
    expect(await call.ended).toBe('remote-bye');
  });

  it('lists door devices and opens a door by DTMF INFO, or reports the device offline', async () => {
    const devices = await t.call('GET', '/calls/concierge/devices/items', { token: tokens.concierge });
    expect(devices.json().data).toContainEqual({ token: DOOR_TOKEN, name: 'Main entrance', sip_number: NUMBERS.panel });
    const offline = await t.call('POST', '/calls/door/open', { token: tokens.concierge, body: { token: DOOR_TOKEN } });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('device offline, cannot connect');
    const panel = await t.registered(NUMBERS.panel);
    agents.push(panel);
    const open = await t.call('POST', '/calls/door/open', { token: tokens.concierge, body: { token: DOOR_TOKEN } });
    expect(open.statusCode).toBe(200);
    expect(panel.outOfDialogInfos).toHaveLength(1);
    expect(panel.outOfDialogInfos[0]!.body).toBe('Signal=#\r\nDuration=160\r\n');
    const unknown = await t.call('POST', '/calls/door/open', { token: tokens.concierge, body: { token: 'nope' } });
    expect(unknown.statusCode).toBe(404);
    const resident = await t.call('POST', '/calls/door/open', { token: tokens.resident, body: { token: DOOR_TOKEN } });
    expect(resident.statusCode).toBe(403);
  });

  it('reports, restarts and reinits the SIP service; registrations drop and come back', async () => {
    const admin = (await t.session('admin')).token;
    const status = await t.call('GET', '/sip/status', { token: admin });
    expect(status.json().data).toMatchObject({ status: 'running', port: t.port, domain: '127.0.0.1' });
    expect(status.json().data.certificate.self_signed).toBe(true);
    expect((await t.call('GET', '/sip/status', { token: tokens.concierge })).statusCode).toBe(403);
    expect((await t.call('POST', '/sip/restart', { token: tokens.staff })).statusCode).toBe(403);
    const ua = await t.registered(NUMBERS.resident);
    const reboots: string[] = [];
    t.app.ctx.sip.onReboot((phase, by, ok) => reboots.push(`${phase} ${by.userId}/${by.projectId} ${ok}`));
    const restarted = await t.call('POST', '/sip/restart', { token: admin });
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json().data).toMatchObject({ status: 'running', registrations: 0 });
    await ua.closed;
    const port = restarted.json().data.port as number;
    expect(port).toBeGreaterThan(0);
    const reinit = await t.call('POST', '/sip/reinit', { token: admin });
    expect(reinit.json().data.status).toBe('running');
    // The asking user hears of both reboots (the notifications area turns these into SIP reboot notices).
    const { id: adminId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('login', '=', 'admin')
      .executeTakeFirstOrThrow();
    const by = `${adminId}/${t.projectId}`;
    expect(reboots).toEqual([
      `started ${by} true`,
      `completed ${by} true`,
      `started ${by} true`,
      `completed ${by} true`,
    ]);
  });
});

describe('awaiting calls: a caller who cancels while the server is still answering', () => {
  let t: SipTestApp;
  beforeAll(async () => {
    // Media that takes its time to answer, as werift gathering candidates does.
    const slow = () => {
      const endpoint = createStubMedia();
      const answer = endpoint.answer.bind(endpoint);
      endpoint.answer = async (offer) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return answer(offer);
      };
      return endpoint;
    };
    t = await buildSipTestApp('sqlite', { media: slow });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 487, queues nothing and records a cancelled call', async () => {
    const resident = await t.registered(NUMBERS.resident);
    const call = resident.call(NUMBERS.desk, { sdp: OFFER, headers: { 'X-Speech-Id': 'queue-cancel' } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await call.cancel()).status).toBe(200);
    expect((await call.answered).status).toBe(487);
    expect(t.app.ctx.sip.server!.queue.count()).toBe(0);
    const row = await eventually(() =>
      t.db.selectFrom('call_history').selectAll().where('speech_id', '=', 'queue-cancel').executeTakeFirst(),
    );
    expect(row).toMatchObject({ status: 'cancel', type: 'awaiting' });
    await resident.close();
  });
});
