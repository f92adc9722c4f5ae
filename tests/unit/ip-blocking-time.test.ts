import { describe, expect, it } from 'vitest';
import { timeLeft } from '../../src/ui/ip-blocking/time-left';

const now = new Date('2026-03-01T10:00:00.000Z');
const fromNow = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('time left of a ban', () => {
  it('counts minutes up, so a ban that lasts never reads "0 min"', () => {
    expect(timeLeft(fromNow(30_000), 'en', now)).toBe('1 min');
    expect(timeLeft(fromNow(14 * 60_000 + 1), 'en', now)).toBe('15 min');
  });

  it('rounds hours and days to the nearest', () => {
    expect(timeLeft(fromNow(90 * 60_000 - 1), 'en', now)).toBe('1 hr');
    expect(timeLeft(fromNow(22 * 3_600_000), 'en', now)).toBe('22 hr');
    expect(timeLeft(fromNow(36 * 3_600_000), 'en', now)).toBe('2 days');
  });

  it('says nothing for a past or unreadable time', () => {
    expect(timeLeft(fromNow(-1), 'en', now)).toBeNull();
    expect(timeLeft('soon', 'en', now)).toBeNull();
  });

  it('speaks the locale', () => {
    expect(timeLeft(fromNow(12 * 60_000), 'ru', now)).toBe('12 мин');
  });
});
