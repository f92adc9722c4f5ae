import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SipRequest } from '../../server/sip/message';
import type { IncomingCall, SipUserAgent } from '../../server/sip/ua/user-agent';
import { dialects } from '../support/api-app';
import { ANSWER, buildSipTestApp, eventually, NUMBERS, OFFER, type SipTestApp } from '../support/sip';

/** The next incoming call of an agent. */
const nextCall = (ua: SipUserAgent) =>
  new Promise<IncomingCall>((resolve) => {
    ua.onIncoming = resolve;
  });

describe.each(dialects)('embedded SIP registrar and proxy (%s)', (dialect) => {
  let t: SipTestApp;
  const agents: SipUserAgent[] = [];
  const open = async (number: string, register = true) => {
    const ua = register ? await t.registered(number) : await t.agent(number);
    agents.push(ua);
    return ua;
  };
  const history = (speechId: string) =>
    t.db.selectFrom('call_history').selectAll().where('speech_id', '=', speechId).executeTakeFirst();

  beforeAll(async () => {
    t = await buildSipTestApp(dialect);
  });
  afterAll(async () => {
    await Promise.all(agents.map((a) => a.close()));
    await t.close();
  });

  it('registers an active number with digest auth and lists the binding', async () => {
    const ua = await open(NUMBERS.resident, false);
    const res = await ua.register();
    expect(res.status).toBe(200);
    expect(res.get('Contact')).toContain(ua.contact.slice(1, -1));
    expect(t.app.ctx.sip.status()).toMatchObject({ status: 'running', registered_numbers: 1, registrations: 1 });
    const unregistered = await ua.unregister();
    expect(unregistered.status).toBe(200);
    expect(unregistered.has('Contact')).toBe(false);
    expect(t.app.ctx.sip.status().registrations).toBe(0);
  });

  it('answers 401 to a wrong password and 404 to an unknown or inactive number', async () => {
    const wrong = await open(NUMBERS.resident, false);
    const bad = await t.agent(NUMBERS.resident, 'not-the-password');
    agents.push(bad);
    expect((await bad.register()).status).toBe(401);
    const unknown = await t.agent('7777', 'whatever');
    agents.push(unknown);
    expect((await unknown.register()).status).toBe(404);
    const inactive = await t.agent(NUMBERS.inactive);
    agents.push(inactive);
    expect((await inactive.register()).status).toBe(404);
    // A first REGISTER without credentials is only challenged.
    expect(wrong.options.number).toBe(NUMBERS.resident);
    await t.db.deleteFrom('ip_bans').execute();
  });

  it('forks a call to every registration, connects the first answer and cancels the other', async () => {
    const caller = await open(NUMBERS.resident);
    const tabA = await open(NUMBERS.concierge);
    const tabB = await open(NUMBERS.concierge);
    const ringingA = nextCall(tabA);
    const ringingB = nextCall(tabB);
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-fork-1' } });
    const [a, b] = await Promise.all([ringingA, ringingB]);
    expect(a.header('X-Speech-Id')).toBe('speech-fork-1');
    expect(a.header('X-Speech-Type')).toBe('normal');
    expect(a.header('X-Target-Callee')).toBe(NUMBERS.concierge);
    expect(a.header('X-Sos-Call')).toBe('0');
    expect(a.request.getAll('Record-Route')).toHaveLength(2);
    expect(a.remoteSdp).toBe(OFFER);
    a.accept(ANSWER);
    const answer = await call.answered;
    expect(answer.status).toBe(200);
    expect(call.remoteSdp).toBe(ANSWER);
    expect(await b.ended).toBe('cancelled');
    expect(call.provisional.some((r) => r.status === 180)).toBe(true);

    // In-dialog requests find their WebSocket through the Record-Route entries, both ways.
    expect((await call.info('#')).status).toBe(200);
    await eventually(() => a.infos.length === 1);
    expect(a.infos[0]!.body).toBe('Signal=#\r\nDuration=160\r\n');
    expect(a.infos[0]!.get('Content-Type')).toBe('application/dtmf-relay');
    expect((await a.info('5')).status).toBe(200);
    await eventually(() => call.infos.length === 1);

    // Hold by re-INVITE (as JsSIP does): routed in the dialog, answered with the mirrored direction.
    const held = await call.reinvite(`${OFFER}a=sendonly\r\n`);
    expect(held.status).toBe(200);
    expect(held.body).toContain('a=recvonly');
    expect(a.remoteSdp).toContain('a=sendonly');

    await new Promise((r) => setTimeout(r, 1100));
    expect((await a.bye()).status).toBe(200);
    expect(await call.ended).toBe('remote-bye');
    const row = await eventually(() => history('speech-fork-1'));
    expect(row).toMatchObject({
      from_number: NUMBERS.resident,
      to_number: NUMBERS.concierge,
      status: 'answered',
      type: 'normal',
      answered_by: NUMBERS.concierge,
    });
    expect(row.duration).toBeGreaterThanOrEqual(1);
    expect(row.answered_at).not.toBeNull();
    await Promise.all([caller.close(), tabA.close(), tabB.close()]);
  });

  it('routes the caller BYE to the callee and records the outcome once', async () => {
    const caller = await open(NUMBERS.resident);
    const callee = await open(NUMBERS.staff);
    const ringing = nextCall(callee);
    const call = caller.call(NUMBERS.staff, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-bye-1' } });
    (await ringing).accept(ANSWER);
    expect((await call.answered).status).toBe(200);
    const incoming = await ringing;
    expect((await call.bye()).status).toBe(200);
    expect(await incoming.ended).toBe('remote-bye');
    expect(await eventually(() => history('speech-bye-1'))).toMatchObject({ status: 'answered' });
    await Promise.all([caller.close(), callee.close()]);
  });

  it('passes CANCEL to the ringing phones: outcome cancel', async () => {
    const caller = await open(NUMBERS.resident);
    const callee = await open(NUMBERS.concierge);
    const ringing = nextCall(callee);
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-cancel-1' } });
    const incoming = await ringing;
    expect((await call.cancel()).status).toBe(200);
    expect((await call.answered).status).toBe(487);
    expect(await incoming.ended).toBe('cancelled');
    expect(await eventually(() => history('speech-cancel-1'))).toMatchObject({ status: 'cancel', duration: 0 });
    await Promise.all([caller.close(), callee.close()]);
  });

  it.each([
    [486, 'busy'],
    [603, 'busy'],
    [480, 'noanswer'],
    [500, 'failed'],
  ])('passes a %i through: outcome %s', async (status, outcome) => {
    const caller = await open(NUMBERS.resident);
    const callee = await open(NUMBERS.concierge);
    const ringing = nextCall(callee);
    const speechId = `speech-${status}`;
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': speechId } });
    (await ringing).reject(status);
    expect((await call.answered).status).toBe(status);
    expect(await eventually(() => history(speechId))).toMatchObject({ status: outcome });
    await Promise.all([caller.close(), callee.close()]);
  });

  it('answers 404 for an unknown number, 480 when the callee is not registered, 403 for oneself', async () => {
    const caller = await open(NUMBERS.resident);
    expect((await caller.call('5555', { sdp: OFFER }).answered).status).toBe(404);
    expect((await caller.call(NUMBERS.inactive, { sdp: OFFER }).answered).status).toBe(404);
    const offline = caller.call(NUMBERS.staff, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-offline' } });
    expect((await offline.answered).status).toBe(480);
    expect(await eventually(() => history('speech-offline'))).toMatchObject({ status: 'noanswer' });
    expect((await caller.call(NUMBERS.resident, { sdp: OFFER }).answered).status).toBe(403);
    await caller.close();
    await t.db.deleteFrom('ip_bans').execute();
  });

  it('lets a user call only what their role reaches (403 Call Not Permitted); a door panel calls anyone', async () => {
    const resident = await open(NUMBERS.resident);
    const panel = await open(NUMBERS.panel);
    // The resident holds no calls.* permission: the panel is not among their contacts.
    const refused = await resident.call(NUMBERS.panel, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-refused' } })
      .answered;
    expect([refused.status, refused.reason]).toEqual([403, 'Call Not Permitted']);
    expect(await history('speech-refused')).toBeUndefined();
    // The panel is a device: it may ring the resident.
    const ringing = nextCall(resident);
    const call = panel.call(NUMBERS.resident, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-panel' } });
    (await ringing).accept(ANSWER);
    expect((await call.answered).status).toBe(200);
    expect((await call.bye()).status).toBe(200);
    // With calls.call_all the same call goes through.
    const role = await t.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.role_id'])
      .where('users.login', '=', 'resident')
      .executeTakeFirstOrThrow();
    const before = await t.db
      .selectFrom('roles')
      .select('permissions')
      .where('id', '=', role.role_id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify([...JSON.parse(before.permissions), 'calls.call_all']) })
      .where('id', '=', role.role_id)
      .execute();
    try {
      const panelRings = nextCall(panel);
      const allowed = resident.call(NUMBERS.panel, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-allowed' } });
      (await panelRings).accept(ANSWER);
      expect((await allowed.answered).status).toBe(200);
      expect((await allowed.bye()).status).toBe(200);
    } finally {
      await t.db.updateTable('roles').set({ permissions: before.permissions }).where('id', '=', role.role_id).execute();
    }
    await Promise.all([resident.close(), panel.close()]);
  });

  it('challenges an INVITE from a connection that has not registered (407), then connects it', async () => {
    const caller = await open(NUMBERS.resident, false);
    const callee = await open(NUMBERS.concierge);
    const ringing = nextCall(callee);
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-407' } });
    (await ringing).accept(ANSWER);
    expect((await call.answered).status).toBe(200);
    expect((await call.bye()).status).toBe(200);
    await Promise.all([caller.close(), callee.close()]);
  });

  it('ends the call when a party disconnects: the other side gets a BYE', async () => {
    const caller = await open(NUMBERS.resident);
    const callee = await open(NUMBERS.concierge);
    const ringing = nextCall(callee);
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-drop' } });
    (await ringing).accept(ANSWER);
    await call.answered;
    await callee.close();
    expect(await call.ended).toBe('remote-bye');
    expect(await eventually(() => history('speech-drop'))).toMatchObject({ status: 'answered' });
    await caller.close();
  });

  it('rings a concierge intercepting the callee group too; the answer is recorded as theirs', async () => {
    const users = await t.db.selectFrom('users').select(['id', 'login']).execute();
    const concierge = users.find((u) => u.login === 'concierge')!.id;
    const unit = await t.db.selectFrom('domains').select('id').where('name', '=', 'Unit 101').executeTakeFirstOrThrow();
    const building = await t.db
      .selectFrom('domains')
      .select('id')
      .where('project_id', '=', t.projectId)
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    // The concierge intercepts the whole residence: Unit 101 lies below it.
    await t.db
      .insertInto('interception_settings')
      .values({
        user_id: concierge,
        project_id: t.projectId,
        is_active: 1,
        domains: JSON.stringify([building.id]),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect(unit.id).not.toBe(building.id);
    const caller = await open(NUMBERS.staff);
    const resident = await open(NUMBERS.resident);
    const desk = await open(NUMBERS.concierge);
    const residentRings = nextCall(resident);
    const deskRings = nextCall(desk);
    const call = caller.call(NUMBERS.resident, { sdp: OFFER, headers: { 'X-Speech-Id': 'speech-intercept' } });
    const [atResident, atDesk] = await Promise.all([residentRings, deskRings]);
    expect(atDesk.header('X-Target-Callee')).toBe(NUMBERS.resident);
    expect(atResident.header('X-Target-Callee')).toBe(NUMBERS.resident);
    atDesk.accept(ANSWER);
    expect((await call.answered).status).toBe(200);
    expect(await atResident.ended).toBe('cancelled');
    await call.bye();
    expect(await eventually(() => history('speech-intercept'))).toMatchObject({
      status: 'answered',
      to_number: NUMBERS.resident,
      answered_by: NUMBERS.concierge,
    });

    // Switched off: only the callee rings.
    await t.db.updateTable('interception_settings').set({ is_active: 0 }).execute();
    const onlyResident = nextCall(resident);
    let deskRang = false;
    desk.onIncoming = () => {
      deskRang = true;
    };
    const second = caller.call(NUMBERS.resident, { sdp: OFFER });
    (await onlyResident).reject(486);
    expect((await second.answered).status).toBe(486);
    expect(deskRang).toBe(false);
    await Promise.all([caller.close(), resident.close(), desk.close()]);
  });

  it('survives unreadable and malformed messages', async () => {
    const ua = await open(NUMBERS.staff);
    ua.transmit('garbage\r\n\r\n');
    ua.transmit('SIP/2.0 200 OK\r\nVia: nonsense\r\nFrom: x\r\nTo: y\r\nCall-ID: z\r\nCSeq: 1 INVITE\r\n\r\n');
    ua.transmit(
      `SIP/2.0 200 OK\r\nVia: SIP/2.0/WSS ${t.domain};branch=z9hG4bKnone\r\nFrom: x\r\nTo: y\r\nCall-ID: z\r\nCSeq: x\r\n\r\n`,
    );
    const badFrom = new SipRequest('INVITE', `sip:${NUMBERS.resident}@${t.domain}`);
    badFrom.set('From', '<http://not-sip>;tag=1').set('To', `<sip:${NUMBERS.resident}@${t.domain}>`);
    badFrom.set('Call-ID', 'bad-from').set('CSeq', '1 INVITE');
    badFrom.set('Via', `SIP/2.0/WSS ${ua.viaHost};branch=z9hG4bKbadfrom`);
    expect((await ua.sendInvite(badFrom)).status).toBe(400);
    const options = new SipRequest('OPTIONS', `sip:${t.domain}`);
    options.set('From', '<sip:1003@127.0.0.1>;tag=a').set('To', `<sip:${t.domain}>`);
    options.set('Call-ID', 'still-alive').set('CSeq', '1 OPTIONS');
    expect((await ua.send(options)).status).toBe(200);
    expect(t.app.ctx.sip.status().status).toBe('running');
    await ua.close();
  });

  it('refuses in-dialog requests whose Route does not name the arrival connection', async () => {
    const intruder = await open(NUMBERS.staff);
    const bye = new SipRequest('BYE', 'sip:x@y.invalid');
    bye.set('Route', '<sip:127.0.0.1;transport=ws;lr;ghc=someoneelse>');
    bye.set('From', '<sip:1003@127.0.0.1>;tag=a').set('To', '<sip:1001@127.0.0.1>;tag=b');
    bye.set('Call-ID', 'forged').set('CSeq', '2 BYE');
    expect((await intruder.send(bye)).status).toBe(403);
    const options = new SipRequest('OPTIONS', `sip:${t.domain}`);
    options.set('From', '<sip:1003@127.0.0.1>;tag=a').set('To', `<sip:${t.domain}>`);
    options.set('Call-ID', 'opt').set('CSeq', '1 OPTIONS');
    expect((await intruder.send(options)).status).toBe(200);
    await intruder.close();
  });
});
