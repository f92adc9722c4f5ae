import { describe, expect, it } from 'vitest';
import { decide } from '../../server/domain/access/decide/decide';
import type { Credential, ScheduleJudge } from '../../server/domain/access/decide/model';
import { type AccessRows, modelFromRows, type RuleRow } from '../../server/domain/access/decide/rows-model';
import type { ScheduleVerdict } from '../../server/domain/access/schedule/verdict';

/** The access evaluator over hand-made rows, with hand-written schedule verdicts. */

const AT = new Date('2026-03-10T10:00:00Z');
const DOOR = { device_id: 7, lock: 1 };

const verdict = (open: boolean): ScheduleVerdict => ({
  open,
  reason: open ? 'open' : 'outside_hours',
  day_type: 'workday',
  local_date: '2026-03-10',
  ...(open ? { occurrence: { from: '2026-03-10T09:00:00Z', to: '2026-03-10T18:00:00Z' } } : {}),
});
/** Schedule 1 is open, 2 is closed, anything else unknown. */
const judge: ScheduleJudge = (id) => (id === 1 ? verdict(true) : id === 2 ? verdict(false) : undefined);

const card = (over: Partial<Credential> = {}): Credential => ({
  key: 'card:100',
  id: 100,
  type: 'card',
  value: '100',
  active: true,
  revoked: false,
  period: null,
  passes: null,
  owner_id: 10,
  ...over,
});
const rule = (id: number, over: Partial<RuleRow> = {}): RuleRow => ({
  id,
  prohibition: false,
  doors: [DOOR],
  time_rule_ids: [],
  identifier_ids: [],
  user_ids: [],
  group_ids: [],
  ...over,
});
const model = (over: Partial<AccessRows> = {}) =>
  modelFromRows({
    credentials: [card()],
    users: [{ id: 10, disabled: false, group_ids: [50, 51] }],
    rules: [rule(1, { user_ids: [10] })],
    scheduleVerdict: judge,
    ...over,
  });
const ask = (rows: Partial<AccessRows>, who: Parameters<typeof decide>[1] = { identifier_id: 100 }, at = AT) =>
  decide(model(rows), who, DOOR, at);

describe('decide: reason codes one by one', () => {
  it('granted: a rule naming the owner covers the door and has no time rules (always open)', () => {
    expect(ask({})).toEqual({
      granted: true,
      reason: 'granted',
      chain: [{ rule_id: 1, prohibition: false, via: { kind: 'user' }, covers_door: true, open: true, schedules: [] }],
    });
  });
  it('unknown_identifier: by id, by type and value', () => {
    expect(ask({}, { identifier_id: 999 })).toEqual({ granted: false, reason: 'unknown_identifier', chain: [] });
    expect(ask({}, { type: 'card', value: '101' }).reason).toBe('unknown_identifier');
    expect(ask({}, { type: 'card', value: '100' }).reason).toBe('granted');
    expect(ask({}, { key: 'card:100' }).reason).toBe('granted');
  });
  it('inactive', () => {
    expect(ask({ credentials: [card({ active: false })] }).reason).toBe('inactive');
  });
  it('revoked (before inactive)', () => {
    expect(ask({ credentials: [card({ revoked: true, active: false })] })).toEqual({
      granted: false,
      reason: 'revoked',
      chain: [],
    });
  });
  it('not_yet_valid and expired (period restriction), valid inside it', () => {
    const period = { from: '2026-03-11T00:00:00Z', to: '2026-03-20T00:00:00Z' };
    expect(ask({ credentials: [card({ period })] }).reason).toBe('not_yet_valid');
    expect(ask({ credentials: [card({ period })] }, undefined, new Date('2026-03-21T00:00:00Z')).reason).toBe(
      'expired',
    );
    expect(ask({ credentials: [card({ period })] }, undefined, new Date('2026-03-15T00:00:00Z')).reason).toBe(
      'granted',
    );
    expect(ask({ credentials: [card({ period: { from: null, to: '2026-03-01T00:00:00Z' } })] }).reason).toBe('expired');
  });
  it('pass_limit: used reaches max; one left still passes', () => {
    expect(ask({ credentials: [card({ passes: { max: 3, used: 3 } })] }).reason).toBe('pass_limit');
    expect(ask({ credentials: [card({ passes: { max: 3, used: 2 } })] }).reason).toBe('granted');
  });
  it('user_disabled: the owner is deleted', () => {
    expect(ask({ users: [{ id: 10, disabled: true, group_ids: [] }] }).reason).toBe('user_disabled');
  });
  it('unknown_user (asking for a user)', () => {
    expect(ask({}, { user_id: 11 }).reason).toBe('unknown_user');
    expect(ask({}, { user_id: 10 }).reason).toBe('granted');
  });
  it('schedule_closed: the covering rule has only a closed schedule', () => {
    const d = ask({ rules: [rule(1, { user_ids: [10], time_rule_ids: [2] })] });
    expect(d.reason).toBe('schedule_closed');
    expect(d.granted).toBe(false);
    expect(d.chain[0]?.schedules).toEqual([{ time_rule_id: 2, verdict: verdict(false), missing: false }]);
  });
  it('open when one of several schedules is open', () => {
    expect(ask({ rules: [rule(1, { user_ids: [10], time_rule_ids: [2, 1] })] }).reason).toBe('granted');
  });
  it('no_rule: rules apply but none covers the door (other lock, other device); or no rule at all', () => {
    const d = ask({
      rules: [
        rule(1, { user_ids: [10], doors: [{ device_id: 7, lock: 2 }] }),
        rule(2, { user_ids: [10], doors: [{ device_id: 8, lock: 1 }] }),
      ],
    });
    expect(d.reason).toBe('no_rule');
    expect(d.chain.map((l) => [l.rule_id, l.covers_door, l.open])).toEqual([
      [1, false, null],
      [2, false, null],
    ]);
    expect(ask({ rules: [rule(1, { user_ids: [11] })] })).toEqual({ granted: false, reason: 'no_rule', chain: [] });
  });
  it('prohibited', () => {
    expect(ask({ rules: [rule(1, { user_ids: [10], prohibition: true })] }).reason).toBe('prohibited');
  });
});

describe('decide: prohibitions and how rules apply', () => {
  it('an open prohibition wins over an open allowing rule', () => {
    const d = ask({ rules: [rule(1, { user_ids: [10] }), rule(2, { group_ids: [51], prohibition: true })] });
    expect(d).toEqual({
      granted: false,
      reason: 'prohibited',
      chain: [
        { rule_id: 1, prohibition: false, via: { kind: 'user' }, covers_door: true, open: true, schedules: [] },
        {
          rule_id: 2,
          prohibition: true,
          via: { kind: 'group', group_id: 51 },
          covers_door: true,
          open: true,
          schedules: [],
        },
      ],
    });
  });
  it('a prohibition whose schedule is closed does not; one on another door does not', () => {
    expect(
      ask({ rules: [rule(1, { user_ids: [10] }), rule(2, { user_ids: [10], prohibition: true, time_rule_ids: [2] })] })
        .reason,
    ).toBe('granted');
    expect(
      ask({
        rules: [
          rule(1, { user_ids: [10] }),
          rule(2, { user_ids: [10], prohibition: true, doors: [{ device_id: 7, lock: 2 }] }),
        ],
      }).reason,
    ).toBe('granted');
  });
  it('a gap: an unknown schedule closes an allowing rule and opens a prohibition', () => {
    const allow = ask({ rules: [rule(1, { user_ids: [10], time_rule_ids: [9] })] });
    expect(allow.reason).toBe('schedule_closed');
    expect(allow.chain[0]?.schedules).toEqual([{ time_rule_id: 9, verdict: null, missing: true }]);
    expect(
      ask({ rules: [rule(1, { user_ids: [10] }), rule(2, { user_ids: [10], prohibition: true, time_rule_ids: [9] })] })
        .reason,
    ).toBe('prohibited');
  });
  it('a rule applies by the identifier itself, by its owner, by a group of its owner', () => {
    const via = (r: RuleRow) => ask({ rules: [r] }).chain[0]?.via;
    expect(via(rule(1, { identifier_ids: [100] }))).toEqual({ kind: 'identifier' });
    expect(via(rule(1, { user_ids: [10] }))).toEqual({ kind: 'user' });
    expect(via(rule(1, { group_ids: [50] }))).toEqual({ kind: 'group', group_id: 50 });
    expect(ask({ rules: [rule(1, { group_ids: [52] })] }).reason).toBe('no_rule');
  });
  it("a guest key (no owner) has only the rules naming it, not its granter's", () => {
    const guest = card({ owner_id: null });
    expect(ask({ credentials: [guest], rules: [rule(1, { user_ids: [10] })] }).reason).toBe('no_rule');
    expect(ask({ credentials: [guest], rules: [rule(1, { identifier_ids: [100] })] }).reason).toBe('granted');
  });
  it('the chain lists each applying rule once, by rule id, with each schedule verdict', () => {
    const d = ask({
      rules: [
        rule(3, { identifier_ids: [100], user_ids: [10], time_rule_ids: [2, 1] }),
        rule(1, { group_ids: [50, 51], doors: [{ device_id: 9, lock: 1 }] }),
      ],
    });
    expect(d.reason).toBe('granted');
    expect(d.chain).toEqual([
      {
        rule_id: 1,
        prohibition: false,
        via: { kind: 'group', group_id: 50 },
        covers_door: false,
        open: null,
        schedules: [],
      },
      {
        rule_id: 3,
        prohibition: false,
        via: { kind: 'identifier' },
        covers_door: true,
        open: true,
        schedules: [
          { time_rule_id: 2, verdict: verdict(false), missing: false },
          { time_rule_id: 1, verdict: verdict(true), missing: false },
        ],
      },
    ]);
  });
});
