import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_TIMEOUT_MS } from '../../src/contract/constants';
import { alertsFixtures } from '../../src/machines/alerts/alerts.fixtures';
import { type AlertsEvent, alertsMachine } from '../../src/machines/alerts/alerts.machine';
import { describeModel, replay } from '../support/model-based';

const events: AlertsEvent[] = [
  { type: 'alert.show', kind: 'error', code: 'errors.http.item not found' },
  { type: 'alert.dismiss', id: 'alert-1' },
  { type: 'alerts.clear' },
];

describeModel('alerts', { machine: alertsMachine, fresh: () => alertsMachine, events, fixtures: alertsFixtures });

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
