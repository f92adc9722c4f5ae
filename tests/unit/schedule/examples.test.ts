import { describe, expect, it } from 'vitest';
import { evaluateSchedule, nextOccurrences } from '../../../server/domain/access/schedule/evaluate';
import { calendar, H, rule } from './build';

/** Hand-worked examples, one or more per mode; every expected instant was worked out by hand. */
const utc = calendar('UTC');
const at = (iso: string) => new Date(iso);
const dates = (list: { from: string }[]) => list.map((o) => o.from.slice(0, 10));

describe('a one-off schedule (repeat never)', () => {
  const once = rule({ valid_from: '2026-03-10' });
  it('opens from 09:00 to 18:00 on its date, end excluded (the §9 defaults)', () => {
    expect(evaluateSchedule(once, at('2026-03-10T10:00:00Z'), utc)).toEqual({
      open: true,
      reason: 'open',
      occurrence: { from: '2026-03-10T09:00:00Z', to: '2026-03-10T18:00:00Z' },
      day_type: 'workday',
      local_date: '2026-03-10',
    });
    expect(evaluateSchedule(once, at('2026-03-10T08:59:59Z'), utc).reason).toBe('outside_hours');
    expect(evaluateSchedule(once, at('2026-03-10T18:00:00Z'), utc).reason).toBe('outside_hours');
  });
  it('is not yet valid before and over after', () => {
    expect(evaluateSchedule(once, at('2026-03-09T10:00:00Z'), utc).reason).toBe('not_yet_valid');
    expect(evaluateSchedule(once, at('2026-03-11T10:00:00Z'), utc).reason).toBe('repeats_ended');
    expect(nextOccurrences(once, at('2026-03-11T00:00:00Z'), utc, 5)).toEqual([]);
  });
  it('lists a one-off far in the future (beyond the 40-year horizon from now)', () => {
    expect(nextOccurrences(rule({ valid_from: '2099-01-05' }), at('2026-01-01T00:00:00Z'), utc, 1)).toEqual([
      { from: '2099-01-05T09:00:00Z', to: '2099-01-05T18:00:00Z' },
    ]);
  });
});

describe('daily, weekly, every 2 weeks', () => {
  it('daily with a count of 3 ends after the third', () => {
    const r = rule({
      valid_from: '2026-03-10',
      repeat_mode: 'daily',
      repeat_duration_mode: 'count',
      repeat_duration_count: 3,
    });
    expect(dates(nextOccurrences(r, at('2026-01-01T00:00:00Z'), utc, 10))).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    expect(evaluateSchedule(r, at('2026-03-13T10:00:00Z'), utc).reason).toBe('repeats_ended');
  });
  it('daily ends with valid_to (expired)', () => {
    const r = rule({ valid_from: '2026-03-10', valid_to: '2026-03-12', repeat_mode: 'daily' });
    expect(evaluateSchedule(r, at('2026-03-12T17:59:59Z'), utc).open).toBe(true);
    expect(evaluateSchedule(r, at('2026-03-13T10:00:00Z'), utc).reason).toBe('expired');
  });
  it("weekly repeats valid_from's weekday until the until date", () => {
    const r = rule({
      valid_from: '2026-03-10',
      repeat_mode: 'weekly',
      repeat_duration_mode: 'until',
      repeat_duration_until: '2026-03-24',
    });
    expect(dates(nextOccurrences(r, at('2026-03-01T00:00:00Z'), utc, 10))).toEqual([
      '2026-03-10',
      '2026-03-17',
      '2026-03-24',
    ]);
    expect(evaluateSchedule(r, at('2026-03-18T10:00:00Z'), utc).reason).toBe('day_not_in_schedule');
    expect(evaluateSchedule(r, at('2026-03-31T10:00:00Z'), utc).reason).toBe('repeats_ended');
  });
  it('every 2 weeks skips the week between', () => {
    const r = rule({ valid_from: '2026-03-10', repeat_mode: 'every_2_weeks' });
    expect(dates(nextOccurrences(r, at('2026-03-11T00:00:00Z'), utc, 3))).toEqual([
      '2026-03-24',
      '2026-04-07',
      '2026-04-21',
    ]);
    expect(evaluateSchedule(r, at('2026-03-17T10:00:00Z'), utc).reason).toBe('day_not_in_schedule');
  });
});

describe('monthly and yearly', () => {
  it('monthly on the 31st skips the months without one', () => {
    const r = rule({ valid_from: '2026-01-31', repeat_mode: 'monthly' });
    expect(dates(nextOccurrences(r, at('2026-01-01T00:00:00Z'), utc, 4))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
    ]);
  });
  it('yearly on Feb 29 occurs only in leap years (and 2100 is not one)', () => {
    const r = rule({ valid_from: '2024-02-29', repeat_mode: 'yearly' });
    expect(dates(nextOccurrences(r, at('2024-01-01T00:00:00Z'), utc, 3))).toEqual([
      '2024-02-29',
      '2028-02-29',
      '2032-02-29',
    ]);
    expect(dates(nextOccurrences(r, at('2097-01-01T00:00:00Z'), utc, 2))).toEqual(['2104-02-29', '2108-02-29']);
    expect(evaluateSchedule(r, at('2025-03-01T10:00:00Z'), utc).reason).toBe('day_not_in_schedule');
  });
});

describe('custom', () => {
  it('weekly on Tuesdays and Thursdays', () => {
    const r = rule({
      valid_from: '2026-03-01',
      repeat_mode: 'custom',
      repeat_custom_mode: 'weekly',
      weekdays: ['tue', 'thu'],
    });
    expect(dates(nextOccurrences(r, at('2026-03-01T00:00:00Z'), utc, 4))).toEqual([
      '2026-03-03',
      '2026-03-05',
      '2026-03-10',
      '2026-03-12',
    ]);
  });
  it('monthly on the 2nd Tuesday and yearly on the last Friday of chosen months (the looper)', () => {
    const second = rule({
      valid_from: '2026-01-01',
      repeat_mode: 'custom',
      repeat_custom_mode: 'monthly',
      looper: { nth: 2, weekday: 'tue' },
    });
    expect(dates(nextOccurrences(second, at('2026-01-01T00:00:00Z'), utc, 3))).toEqual([
      '2026-01-13',
      '2026-02-10',
      '2026-03-10',
    ]);
    const last = rule({
      valid_from: '2026-01-01',
      repeat_mode: 'custom',
      repeat_custom_mode: 'yearly',
      months: [1, 3],
      looper: { nth: -1, weekday: 'fri' },
    });
    expect(dates(nextOccurrences(last, at('2026-01-01T00:00:00Z'), utc, 3))).toEqual([
      '2026-01-30',
      '2026-03-27',
      '2027-01-29',
    ]);
  });
  it('monthly on given days of the month', () => {
    const r = rule({ valid_from: '2026-02-01', repeat_mode: 'custom', repeat_custom_mode: 'monthly', days: [1, 30] });
    expect(dates(nextOccurrences(r, at('2026-02-01T00:00:00Z'), utc, 4))).toEqual([
      '2026-02-01',
      '2026-03-01',
      '2026-03-30',
      '2026-04-01',
    ]);
  });
  it('every second workday, counting holidays out and a worked Saturday in', () => {
    const cal = calendar('UTC', { '2026-03-12': 'holiday', '2026-03-14': 'workday' });
    const r = rule({
      valid_from: '2026-03-09',
      repeat_mode: 'custom',
      repeat_custom_mode: 'daily',
      day_iteration: 2,
      use_day_types: true,
      day_type: 'workday',
    });
    // workdays: 9 10 11 13 14(Sat, worked) 16 17 … → every second from the first: 9 11 14 17
    expect(dates(nextOccurrences(r, at('2026-03-09T00:00:00Z'), cal, 4))).toEqual([
      '2026-03-09',
      '2026-03-11',
      '2026-03-14',
      '2026-03-17',
    ]);
  });
});

describe('day types', () => {
  const cal = calendar('UTC', { '2026-03-12': 'holiday', '2026-03-14': 'workday' });
  const workdays = rule({ valid_from: '2026-03-09', repeat_mode: 'daily', use_day_types: true, day_type: 'workday' });
  it('a holiday in the calendar closes a workday schedule, a worked Saturday opens it', () => {
    expect(dates(nextOccurrences(workdays, at('2026-03-09T00:00:00Z'), cal, 7))).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-13',
      '2026-03-14',
      '2026-03-16',
      '2026-03-17',
    ]);
    expect(evaluateSchedule(workdays, at('2026-03-12T10:00:00Z'), cal)).toEqual({
      open: false,
      reason: 'day_type_mismatch',
      day_type: 'holiday',
      local_date: '2026-03-12',
    });
  });
  it('a holiday schedule opens on weekends and marked holidays', () => {
    const holidays = rule({
      valid_from: '2026-03-09',
      repeat_mode: 'daily',
      use_day_types: true,
      day_type: 'holiday',
      is_all_day: true,
    });
    expect(dates(nextOccurrences(holidays, at('2026-03-09T00:00:00Z'), cal, 3))).toEqual([
      '2026-03-12',
      '2026-03-15',
      '2026-03-21',
    ]);
  });
});

describe('overnight windows and daylight saving', () => {
  const berlin = calendar('Europe/Berlin');
  it('22:00 to 06:00 across the spring change lasts 7 hours and opens on the next morning', () => {
    const r = rule({ valid_from: '2026-03-10', repeat_mode: 'daily', from: 22 * H, to: 6 * H });
    expect(nextOccurrences(r, at('2026-03-28T12:00:00Z'), berlin, 2)).toEqual([
      { from: '2026-03-28T21:00:00Z', to: '2026-03-29T04:00:00Z' },
      { from: '2026-03-29T20:00:00Z', to: '2026-03-30T04:00:00Z' },
    ]);
    const verdict = evaluateSchedule(r, at('2026-03-29T03:30:00Z'), berlin);
    expect(verdict.open).toBe(true);
    expect(verdict.local_date).toBe('2026-03-29');
    expect(verdict.day_type).toBe('holiday');
  });
  it('a start in the skipped hour opens at the change; a window wholly inside it is empty', () => {
    const r = rule({ valid_from: '2026-03-27', repeat_mode: 'daily', from: 2.5 * H, to: 4 * H });
    expect(nextOccurrences(r, at('2026-03-28T00:00:00Z'), berlin, 3)).toEqual([
      { from: '2026-03-28T01:30:00Z', to: '2026-03-28T03:00:00Z' },
      { from: '2026-03-29T01:00:00Z', to: '2026-03-29T02:00:00Z' },
      { from: '2026-03-30T00:30:00Z', to: '2026-03-30T02:00:00Z' },
    ]);
    const gap = rule({ valid_from: '2026-03-29', from: 2 * H, to: 2.75 * H });
    expect(nextOccurrences(gap, at('2026-03-28T00:00:00Z'), berlin, 3)).toEqual([]);
    expect(evaluateSchedule(gap, at('2026-03-29T01:00:00Z'), berlin).open).toBe(false);
  });
  it('a window over the repeated hour of the autumn change covers both (2 hours long)', () => {
    const r = rule({ valid_from: '2026-11-01', from: 1 * H, to: 2 * H });
    expect(nextOccurrences(r, at('2026-10-31T00:00:00Z'), calendar('America/New_York'), 2)).toEqual([
      { from: '2026-11-01T05:00:00Z', to: '2026-11-01T07:00:00Z' },
    ]);
    // A repeated wall time is its first instant: 01:15–01:45 is the EDT half hour only.
    const repeated = rule({ valid_from: '2026-11-01', from: 1.25 * H, to: 1.75 * H });
    expect(nextOccurrences(repeated, at('2026-10-31T00:00:00Z'), calendar('America/New_York'), 1)).toEqual([
      { from: '2026-11-01T05:15:00Z', to: '2026-11-01T05:45:00Z' },
    ]);
  });
  it('an overnight window ending in a skipped midnight ends at the change, where the next one starts (Santiago)', () => {
    // 2026-09-06 00:00 -04 does not exist in Santiago: clocks go to 01:00 -03 (04:00Z).
    const r = rule({ valid_from: '2026-09-05', repeat_mode: 'daily', from: 1 * H, to: 0.25 * H });
    expect(nextOccurrences(r, at('2026-09-05T00:00:00Z'), calendar('America/Santiago'), 2)).toEqual([
      { from: '2026-09-05T05:00:00Z', to: '2026-09-06T04:00:00Z' },
      { from: '2026-09-06T04:00:00Z', to: '2026-09-07T03:15:00Z' },
    ]);
  });
  it('all day is 23 hours on the spring change in Berlin and 25 on the autumn change in Sydney', () => {
    const spring = rule({ valid_from: '2026-03-29', is_all_day: true });
    expect(nextOccurrences(spring, at('2026-03-01T00:00:00Z'), berlin, 1)).toEqual([
      { from: '2026-03-28T23:00:00Z', to: '2026-03-29T22:00:00Z' },
    ]);
    // Sydney leaves summer time on 2026-04-05 at 03:00 AEDT (+11) → 02:00 AEST (+10).
    const autumn = rule({ valid_from: '2026-04-05', is_all_day: true });
    expect(nextOccurrences(autumn, at('2026-03-01T00:00:00Z'), calendar('Australia/Sydney'), 1)).toEqual([
      { from: '2026-04-04T13:00:00Z', to: '2026-04-05T14:00:00Z' },
    ]);
  });
});
