import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appliesAt, forwardPlan } from '../../server/domain/telephony/forwarding';
import type { IncomingCall, SipUserAgent } from '../../server/sip/ua/user-agent';
import { dialects } from '../support/api-app';
import { ANSWER, buildSipTestApp, eventually, NUMBERS, OFFER, type SipTestApp } from '../support/sip';

const nextCall = (ua: SipUserAgent) =>
  new Promise<IncomingCall>((resolve) => {
    ua.onIncoming = resolve;
  });

describe.each(dialects)('call forwarding in the proxy (%s)', (dialect) => {
  let t: SipTestApp;
  let ruleSet: number;
  const agents: SipUserAgent[] = [];
  const open = async (number: string) => {
    const ua = await t.registered(number);
    agents.push(ua);
    return ua;
  };
  const history = (speechId: string) =>
    t.db.selectFrom('call_history').selectAll().where('speech_id', '=', speechId).executeTakeFirst();
  const number = (n: string) => t.app.ctx.sip.server!.core.directory.find(n).then((info) => info!);

  /** The concierge's number forwards by a group with these two rules. */
  async function forwardBy(noAnswer: { immediately: boolean; timeout: number } | null, onError: number | null) {
    const now = new Date().toISOString();
    const group = await t.db
      .insertInto('forward_groups')
      .values({
        project_id: t.projectId,
        name: `group ${Math.random()}`,
        forward_rules: JSON.stringify([
          {
            type: 'redirect_if_no_answer',
            is_immediately: noAnswer?.immediately ?? false,
            timeout: noAnswer?.timeout ?? 60,
            forward_rule_set_ids: noAnswer ? [ruleSet] : [],
          },
          {
            type: 'redirect_if_error',
            enabled: onError !== null,
            timeout: onError ?? 10,
            forward_rule_set_ids: [ruleSet],
          },
        ]),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('sip_numbers')
      .set({ forward_mode: 'picked', forward_group_id: group.id })
      .where('number', '=', NUMBERS.concierge)
      .execute();
  }

  beforeAll(async () => {
    t = await buildSipTestApp(dialect);
    const now = new Date().toISOString();
    ruleSet = (
      await t.db
        .insertInto('forward_rule_sets')
        .values({
          project_id: t.projectId,
          name: 'Staff desk',
          params: JSON.stringify({ numbers: [NUMBERS.staff], timeout: 2, days: [], period: null, trunk_numbers: [] }),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  beforeEach(async () => {
    await Promise.all(agents.splice(0).map((a) => a.close()));
  });
  afterAll(async () => {
    await Promise.all(agents.map((a) => a.close()));
    await t.close();
  });

  it('forwards to the rule set when the callee does not answer in time', async () => {
    await forwardBy({ immediately: false, timeout: 1 }, null);
    const caller = await open(NUMBERS.resident);
    const callee = await open(NUMBERS.concierge);
    const staff = await open(NUMBERS.staff);
    const calleeRings = nextCall(callee);
    const staffRings = nextCall(staff);
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'fwd-noanswer' } });
    const atCallee = await calleeRings;
    expect(await atCallee.ended).toBe('cancelled');
    const atStaff = await staffRings;
    expect(atStaff.header('X-Target-Callee')).toBe(NUMBERS.concierge);
    atStaff.accept(ANSWER);
    expect((await call.answered).status).toBe(200);
    await call.bye();
    expect(await eventually(() => history('fwd-noanswer'))).toMatchObject({
      status: 'answered',
      to_number: NUMBERS.concierge,
      answered_by: NUMBERS.staff,
    });
  });

  it('rings out the last stage: 480 and noanswer', async () => {
    await forwardBy({ immediately: true, timeout: 60 }, null);
    const caller = await open(NUMBERS.resident);
    const callee = await open(NUMBERS.concierge);
    const staff = await open(NUMBERS.staff);
    let calleeRang = false;
    callee.onIncoming = () => {
      calleeRang = true;
    };
    const staffRings = nextCall(staff);
    const started = Date.now();
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'fwd-immediate' } });
    const atStaff = await staffRings;
    expect((await call.answered).status).toBe(480);
    // The rule set rings for its own 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(await atStaff.ended).toBe('cancelled');
    expect(calleeRang).toBe(false);
    expect(await eventually(() => history('fwd-immediate'))).toMatchObject({ status: 'noanswer' });
  });

  it('redirects on error (callee not registered) and passes the last answer on', async () => {
    await forwardBy(null, 0);
    const caller = await open(NUMBERS.resident);
    const staff = await open(NUMBERS.staff);
    const staffRings = nextCall(staff);
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'fwd-error' } });
    (await staffRings).reject(486);
    expect((await call.answered).status).toBe(486);
    expect(await eventually(() => history('fwd-error'))).toMatchObject({ status: 'busy' });
  });

  it('redirects a busy callee once the error timeout has passed since the call began', async () => {
    await forwardBy(null, 1);
    const caller = await open(NUMBERS.resident);
    const callee = await open(NUMBERS.concierge);
    const staff = await open(NUMBERS.staff);
    const calleeRings = nextCall(callee);
    const staffRings = nextCall(staff);
    const started = Date.now();
    const call = caller.call(NUMBERS.concierge, { sdp: OFFER, headers: { 'X-Speech-Id': 'fwd-busy' } });
    (await calleeRings).reject(486);
    const atStaff = await staffRings;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    atStaff.accept(ANSWER);
    expect((await call.answered).status).toBe(200);
    await call.bye();
    expect(await eventually(() => history('fwd-busy'))).toMatchObject({
      status: 'answered',
      answered_by: NUMBERS.staff,
    });
  });

  it('reads manual forwarding from the number own rule sets, and only rule sets that apply now', async () => {
    const info = await number(NUMBERS.concierge);
    await t.db
      .updateTable('sip_numbers')
      .set({ forward_mode: 'manual', forward_group_id: null })
      .where('id', '=', info.id)
      .execute();
    await t.db
      .insertInto('sip_number_forward_rule_sets')
      .values({ sip_number_id: info.id, forward_rule_set_id: ruleSet })
      .execute();
    const stages = [{ numbers: [NUMBERS.staff], ringMs: 2000 }];
    expect(await forwardPlan(t.db, info)).toEqual({
      noAnswer: { immediately: false, afterMs: 60_000, stages },
      onError: { afterMs: 10_000, stages },
    });
    await t.db.updateTable('sip_numbers').set({ forward_mode: 'disabled' }).where('id', '=', info.id).execute();
    expect(await forwardPlan(t.db, info)).toBeNull();
  });

  it('applies rule sets by week day and time of day', () => {
    const monday9 = new Date(2026, 10, 23, 9, 0, 0);
    const base = { numbers: ['1'], timeout: 60, days: [] as string[], period: null };
    expect(appliesAt(base, monday9)).toBe(true);
    expect(appliesAt({ ...base, days: ['mon'] }, monday9)).toBe(true);
    expect(appliesAt({ ...base, days: ['sat', 'sun'] }, monday9)).toBe(false);
    expect(appliesAt({ ...base, period: { from: 8 * 3600, to: 17 * 3600 } }, monday9)).toBe(true);
    expect(appliesAt({ ...base, period: { from: 18 * 3600, to: 23 * 3600 } }, monday9)).toBe(false);
  });
});
