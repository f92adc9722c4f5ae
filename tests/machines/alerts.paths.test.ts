import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_TIMEOUT_MS, CONSISTENCY_ERROR_TIMEOUT_MS } from '../../src/contract/constants';
import { alertsFixtures } from '../../src/machines/alerts/alerts.fixtures';
import { type AlertsEvent, alertsMachine } from '../../src/machines/alerts/alerts.machine';
import { describeModel, replay } from '../support/model-based';

const events: AlertsEvent[] = [
  { type: 'alert.show', kind: 'error', code: 'errors.http.item not found' },
  {
    type: 'alert.show',
    kind: 'warning',
    code: 'errors.http.group consistency',
    timeoutMs: CONSISTENCY_ERROR_TIMEOUT_MS,
  },
  { type: 'alert.dismiss', id: 'alert-1' },
  { type: 'alert.dismiss', id: 'alert-2' },
  { type: 'alerts.clear' },
];
const dismissals = (timers: { event: { type: string; id?: unknown } }[]) =>
  timers.filter((t) => t.event.type === 'alert.dismiss').map((t) => t.event.id);

describeModel('alerts', {
  machine: alertsMachine,
  events,
  // Which alerts are on screen, and how many were ever shown (two at most, so the graph stays finite).
  serialize: (s) => JSON.stringify([s.context.items.map((a) => a.id), s.context.nextId]),
  offer: (s, e) => e.type !== 'alert.show' || s.context.nextId <= 2,
  fixtures: alertsFixtures,
  invariants: {
    'each alert once, with a timeout': (s) => {
      expect(new Set(s.context.items.map((a) => a.id)).size).toBe(s.context.items.length);
      for (const alert of s.context.items) expect(alert.timeoutMs).toBeGreaterThan(0);
    },
  },
  rules: {
    'an alert shows with its own dismissal after its timeout (3 s unless told)': (step) => {
      const e = step.event as AlertsEvent;
      if (e.type !== 'alert.show') return;
      const shown = step.after.context.items.at(-1);
      expect(shown).toMatchObject({ kind: e.kind, code: e.code, timeoutMs: e.timeoutMs ?? ALERT_TIMEOUT_MS });
      expect(step.effects.scheduled.map((t) => [t.event, t.delay])).toEqual([
        [{ type: 'alert.dismiss', id: shown?.id }, e.timeoutMs ?? ALERT_TIMEOUT_MS],
      ]);
    },
    'every alert on screen will go away by itself': (step) => {
      expect(dismissals(step.pending)).toEqual(expect.arrayContaining(step.after.context.items.map((a) => a.id)));
    },
    'a dismissed alert is gone, and so is its timer': (step) => {
      const e = step.event as AlertsEvent;
      if (e.type !== 'alert.dismiss') return;
      expect(step.after.context.items.map((a) => a.id)).not.toContain(e.id);
      expect(dismissals(step.pending)).not.toContain(e.id);
      expect(step.after.context.items).toEqual(step.before?.context.items.filter((a) => a.id !== e.id));
    },
    'clearing removes every alert': (step) => {
      if (step.event.type === 'alerts.clear') expect(step.after.context.items).toEqual([]);
    },
  },
});

describe('alerts timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('an alert disappears after 3 s by default, and a custom timeout is honoured', () => {
    const actor = replay(alertsMachine, undefined, [
      { type: 'alert.show', kind: 'info', code: 'a' },
      { type: 'alert.show', kind: 'warning', code: 'b', timeoutMs: 30_000 },
    ]);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    vi.advanceTimersByTime(ALERT_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.items.map((a) => a.code)).toEqual(['b']);
    vi.advanceTimersByTime(30_000);
    expect(actor.getSnapshot().context.items).toEqual([]);
  });

  it('dismissing early removes the alert and clearing removes all', () => {
    const actor = replay(alertsMachine, undefined, [
      { type: 'alert.show', kind: 'error', code: 'a' },
      { type: 'alert.show', kind: 'success', code: 'b' },
      { type: 'alert.dismiss', id: 'alert-1' },
    ]);
    expect(actor.getSnapshot().context.items.map((a) => a.id)).toEqual(['alert-2']);
    actor.send({ type: 'alerts.clear' });
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});
