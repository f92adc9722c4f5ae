import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { evaluateSchedule, nextOccurrences } from '../../../server/domain/access/schedule/evaluate';
import {
  LOOPER_NTHS,
  REPEAT_CUSTOM_MODES,
  REPEAT_MODES,
  TIME_RULE_DAY_TYPES,
  type TimeRuleDefinition,
  WEEK_DAYS,
} from '../../../src/contract/time-rule-definition';
import { calendar, H, rule } from './build';

/**
 * Properties of the evaluator near daylight-saving changes (two northern zones, two southern,
 * one of which changes at midnight) and leap days. Runs are bounded for CI time.
 */
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'America/Santiago'] as const;
const RUNS = 150;
const DAY_MS = 86_400_000;

/** Each zone's changes in 2026 and 2028 (UTC instants), near which local time is unusual. */
const CHANGES: Record<(typeof ZONES)[number], string[]> = {
  'Europe/Berlin': ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2028-03-26T01:00:00Z'],
  'America/New_York': ['2026-03-08T07:00:00Z', '2026-11-01T06:00:00Z', '2028-11-05T06:00:00Z'],
  'Australia/Sydney': ['2026-04-04T16:00:00Z', '2026-10-03T16:00:00Z'],
  // Santiago changes at local midnight: some days start at 01:00.
  'America/Santiago': ['2026-04-05T03:00:00Z', '2026-09-06T04:00:00Z'],
};
/** Leap days (and 2100's Feb 28, which is followed by no Feb 29). */
const LEAP_SPOTS = ['2024-02-29T12:00:00Z', '2028-02-29T12:00:00Z', '2100-02-28T12:00:00Z'];

const zoneAndSpot = fc
  .constantFrom(...ZONES)
  .chain((zone) => fc.tuple(fc.constant(zone), fc.constantFrom(...CHANGES[zone], ...LEAP_SPOTS).map(Date.parse)));
const near = (spot: number) =>
  fc.integer({ min: -3 * DAY_MS, max: DAY_MS }).map((offset) => spot + Math.round(offset / 60_000) * 60_000);

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A second of the day, often round the hours clocks change at (00:00 to 03:00), else anywhere. */
const second = fc.oneof(
  fc.integer({ min: 0, max: 12 }).map((q) => q * 900),
  fc.integer({ min: 0, max: 95 }).map((q) => q * 900),
  fc.integer({ min: 0, max: 86_399 }),
);

function definitionNear(spot: number) {
  return fc
    .record({
      startOffsetDays: fc.oneof(fc.integer({ min: -10, max: 0 }), fc.integer({ min: -400, max: 2 })),
      lengthDays: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null, freq: 2 }),
      is_all_day: fc.boolean(),
      from: second,
      to: second,
      // Daily most often, so that the days round a change are occurrence days.
      repeat_mode: fc.oneof(
        fc.constant('daily' as const),
        fc.constant('daily' as const),
        fc.constantFrom(...REPEAT_MODES),
      ),
      repeat_duration_mode: fc.constantFrom('forever', 'count', 'until'),
      repeat_duration_count: fc.integer({ min: 1, max: 500 }),
      untilDays: fc.integer({ min: 0, max: 500 }),
      repeat_custom_mode: fc.constantFrom(...REPEAT_CUSTOM_MODES),
      months: fc.subarray([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
      weekdays: fc.subarray([...WEEK_DAYS], { minLength: 1 }),
      days: fc.subarray([1, 5, 15, 28, 29, 30, 31], { minLength: 1 }),
      looper: fc.option(fc.record({ nth: fc.constantFrom(...LOOPER_NTHS), weekday: fc.constantFrom(...WEEK_DAYS) }), {
        nil: null,
      }),
      use_day_types: fc.boolean(),
      day_iteration: fc.integer({ min: 1, max: 4 }),
      day_type: fc.oneof(fc.constant('day' as const), fc.constantFrom(...TIME_RULE_DAY_TYPES)),
    })
    .filter((d) => d.is_all_day || d.from !== d.to)
    .map((d): TimeRuleDefinition => {
      const start = spot + d.startOffsetDays * DAY_MS;
      return rule({
        valid_from: isoDate(start),
        valid_to: d.lengthDays === null ? null : isoDate(start + d.lengthDays * DAY_MS),
        is_all_day: d.is_all_day,
        from: d.from,
        to: d.to,
        repeat_mode: d.repeat_mode,
        repeat_duration_mode: d.repeat_duration_mode,
        repeat_duration_count: d.repeat_duration_count,
        repeat_duration_until: isoDate(start + d.untilDays * DAY_MS),
        repeat_custom_mode: d.repeat_custom_mode,
        months: d.repeat_custom_mode === 'yearly' && d.months.length === 0 ? [2, 3, 10] : d.months,
        weekdays: d.weekdays,
        days: d.days,
        looper: d.looper,
        use_day_types: d.use_day_types,
        day_iteration: d.day_iteration,
        day_type: d.day_type,
      });
    });
}

const scenario = zoneAndSpot.chain(([zone, spot]) =>
  fc.tuple(definitionNear(spot), fc.subarray([0, 1, 2, 3, 4, 5, 6, 7]), near(spot)).map(([def, marked, t]) => {
    const days: Record<string, 'holiday' | 'workday'> = {};
    for (const n of marked) days[isoDate(spot + (n - 4) * DAY_MS)] = n % 2 ? 'holiday' : 'workday';
    return { def, cal: calendar(zone, days), t };
  }),
);

const ms = (iso: string) => Date.parse(iso);

describe('schedule evaluator properties', () => {
  it('a verdict is open exactly when the instant lies in one of the listed occurrences, and names it', () => {
    fc.assert(
      fc.property(scenario, ({ def, cal, t }) => {
        const verdict = evaluateSchedule(def, new Date(t), cal);
        const list = nextOccurrences(def, new Date(t - 3 * DAY_MS), cal, 12);
        const containing = list.find((o) => ms(o.from) <= t && t < ms(o.to));
        expect(verdict.open).toBe(containing !== undefined);
        expect(verdict.occurrence).toEqual(containing);
        expect(verdict.reason === 'open').toBe(verdict.open);
      }),
      { numRuns: RUNS },
    );
  });

  it("occurrences are ordered and apart, and start and end at the rule's local times (or the change, when skipped)", () => {
    fc.assert(
      fc.property(scenario, ({ def, cal, t }) => {
        const list = nextOccurrences(def, new Date(t), cal, 6);
        let previousEnd = -Infinity;
        for (const o of list) {
          expect(ms(o.from)).toBeGreaterThanOrEqual(previousEnd);
          expect(ms(o.to)).toBeGreaterThan(ms(o.from));
          previousEnd = ms(o.to);
          const start = Temporal.Instant.from(o.from).toZonedDateTimeISO(cal.timeZone);
          const end = Temporal.Instant.from(o.to).toZonedDateTimeISO(cal.timeZone);
          if (def.is_all_day) {
            expect(start.equals(start.startOfDay())).toBe(true);
            expect(end.equals(end.startOfDay())).toBe(true);
            expect(end.toPlainDate().equals(start.toPlainDate().add({ days: 1 }))).toBe(true);
            continue;
          }
          expectWallTime(start, def.from, cal.timeZone);
          expectWallTime(end, def.to, cal.timeZone);
          // The occurrence's own date is one the rule occurs on: it is open at its start.
          expect(evaluateSchedule(def, new Date(ms(o.from)), cal).open).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('yearly on Feb 29 falls only on Feb 29 of leap years, 4 years apart (8 across 2100)', () => {
    const leapYear = fc.integer({ min: 1976, max: 2096 }).map((y) => y - (y % 4));
    fc.assert(
      fc.property(leapYear, fc.constantFrom(...ZONES), (year, zone) => {
        const def = rule({ valid_from: `${year}-02-29`, repeat_mode: 'yearly', from: 2 * H, to: 3 * H });
        const list = nextOccurrences(def, new Date(Date.UTC(year, 0, 1)), calendar(zone), 4);
        const years = list
          .map((o) => Temporal.Instant.from(o.from).toZonedDateTimeISO(zone))
          .map((z) => {
            expect([z.month, z.day]).toEqual([2, 29]);
            return z.year;
          });
        expect(years[0]).toBe(year);
        for (let i = 1; i < years.length; i++) {
          expect((years[i] as number) - (years[i - 1] as number)).toBe(years[i - 1] === 2096 ? 8 : 4);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a count of N gives N occurrences at most, from valid_from on', () => {
    fc.assert(
      fc.property(scenario, ({ def, cal }) => {
        const counted = { ...def, repeat_duration_mode: 'count' as const };
        const all = nextOccurrences(counted, new Date(`${def.valid_from}T00:00:00Z`), cal, 100);
        const limit = def.repeat_mode === 'never' ? 1 : (def.repeat_duration_count ?? 1);
        // Two days of slack before valid_from for zones ahead of UTC: nothing starts before it.
        expect(all.length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * A local time is the rule's (its first instant when the wall time repeats), or the rule's time
 * was skipped that day and the instant is the change itself.
 */
function expectWallTime(at: Temporal.ZonedDateTime, seconds: number, timeZone: string) {
  const wanted = seconds % 86_400;
  const actual = at.hour * 3600 + at.minute * 60 + at.second;
  if (actual === wanted) {
    expect(at.toPlainDateTime().toZonedDateTime(timeZone, { disambiguation: 'earlier' }).equals(at)).toBe(true);
    return;
  }
  const wall = at.toPlainDate().toPlainDateTime({
    hour: Math.floor(wanted / 3600),
    minute: Math.floor((wanted % 3600) / 60),
    second: wanted % 60,
  });
  if (wanted !== 0) expect(() => wall.toZonedDateTime(timeZone, { disambiguation: 'reject' })).toThrow();
  // The instant is a change: the offset a second before differs.
  expect(at.subtract({ seconds: 1 }).offsetNanoseconds).not.toBe(at.offsetNanoseconds);
}
