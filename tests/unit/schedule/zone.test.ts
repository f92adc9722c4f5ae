import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { ZoneOffsets } from '../../../server/domain/access/schedule/zone';

/**
 * The evaluator's offset cache against Temporal itself, in zones with unusual changes: half-hour
 * summer time (Lord Howe), a skipped calendar day (Apia, 2011-12-30), changes at midnight (Santiago).
 */
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Pacific/Apia',
  'Asia/Kolkata',
];
const FROM = Date.UTC(2010, 0, 1);
const TO = Date.UTC(2031, 0, 1);

describe('zone offsets', () => {
  it('give the offset Temporal gives, whatever order instants are asked in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(fc.integer({ min: FROM, max: TO }), { minLength: 1, maxLength: 40 }),
        (zone, instants) => {
          const offsets = new ZoneOffsets(zone);
          for (const ms of instants) {
            const expected =
              Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;
            expect(offsets.offsetAt(ms)).toBe(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('map a wall time to its first instant, or to the change when it was skipped', () => {
    const changeNear = fc.constantFrom(...ZONES).chain((zone) =>
      fc.tuple(
        fc.constant(zone),
        fc.integer({ min: FROM, max: TO }).map((ms) => {
          // A wall time within an hour or so of one of the zone's changes, on a quarter hour.
          const change = Temporal.Instant.fromEpochMilliseconds(ms)
            .toZonedDateTimeISO(zone)
            .getTimeZoneTransition('next');
          return change
            ? change.toPlainDateTime()
            : Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDateTime();
        }),
        fc.integer({ min: -8, max: 8 }),
      ),
    );
    fc.assert(
      fc.property(changeNear, ([zone, base, quarters]) => {
        const wall = base.add({ minutes: quarters * 15 }).round({ smallestUnit: 'minute', roundingIncrement: 15 });
        const first = wall.toZonedDateTime(zone, { disambiguation: 'earlier' });
        const expected = first.toPlainDateTime().equals(wall)
          ? first.epochMilliseconds
          : (first.getTimeZoneTransition('next') as Temporal.ZonedDateTime).epochMilliseconds;
        const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
        expect(new ZoneOffsets(zone).instantOf(asUtc)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('skip the whole of 2011-12-30 in Apia: its wall times are the change instant', () => {
    // Apia went from UTC-10 to UTC+14 at the end of 2011-12-29 (10:00Z on 2011-12-30).
    expect(new ZoneOffsets('Pacific/Apia').instantOf(Date.UTC(2011, 11, 30, 12))).toBe(Date.UTC(2011, 11, 30, 10));
  });
});
