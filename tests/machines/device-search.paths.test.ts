import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { FoundDeviceInfo } from '../../src/contract/device-search';
import { deviceSearchFixtures } from '../../src/machines/device-search/device-search.fixtures';
import {
  type DeviceSearchEvent,
  deviceSearchMachine,
  requestIdOf,
} from '../../src/machines/device-search/device-search.machine';
import { selectCanAdd, selectFound } from '../../src/machines/device-search/device-search.selectors';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = deviceSearchMachine.provide({
    actors: { start: pendingActor(), addFound: pendingActor(), results: fromCallback(() => () => {}) },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const found = (serial: string, state: FoundDeviceInfo['state'] = 'new'): FoundDeviceInfo => ({
  serial_number: serial,
  type: 'panel',
  model: 'AA12',
  firmware: 'sim-1.0',
  mac: '02:47:00:00:00:01',
  protocol: 'mqtt',
  ip: '127.0.2.1',
  port: 80,
  state,
  device_id: state === 'added' ? 7 : null,
});
const fieldFailure = { code: 'invalid data sent', status: 400, fields: { start_ip: { code: 'ip_range_not_allowed' } } };
const failure = { code: 'serial number in use', status: 400 };
const events = [
  { type: 'range.changed', field: 'start_ip', value: '127.0.2.1' },
  { type: 'range.changed', field: 'end_ip', value: '127.0.2.9' },
  { type: 'range.changed', field: 'end_ip', value: '127.0.1.1' },
  { type: 'search.submitted' },
  { type: 'search.cancelled' },
  { type: 'search.found', requestId: 't-1', device: found('NEW-1') },
  { type: 'search.found', requestId: 't-1', device: found('OLD-1', 'added') },
  { type: 'search.found', requestId: 't-0', device: found('STALE') },
  { type: 'search.finished', requestId: 't-1' },
  { type: 'search.finished', requestId: 't-0' },
  { type: 'device.toggled', serial: 'NEW-1' },
  { type: 'device.toggled', serial: 'OLD-1' },
  { type: 'group.chosen', domainId: 3 },
  { type: 'add.submitted' },
  { type: 'search.again' },
  { type: 'xstate.done.actor.start', output: { addresses: 9 } },
  { type: 'xstate.error.actor.start', error: fieldFailure },
  { type: 'xstate.error.actor.start', error: failure },
  { type: 'xstate.done.actor.addFound', output: [41] },
  { type: 'xstate.error.actor.addFound', error: failure },
] as unknown as DeviceSearchEvent[];

describeModel('deviceSearch', {
  machine: stubbed().machine,
  input: { tab: 't' },
  events,
  // Searches after the first would never match the offered request ids: one search per path is the model.
  offer: (s, e) => !(e.type === 'search.submitted' && s.context.searches >= 1),
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.start_ip,
      s.context.end_ip,
      s.context.searches,
      s.context.found.map((d) => d.serial_number),
      s.context.chosen,
      s.context.domainId,
      Object.keys(s.context.errors),
    ]),
  fixtures: deviceSearchFixtures,
  invariants: {
    'only new devices that were found are chosen': (s) => {
      for (const serial of s.context.chosen)
        expect(s.context.found.find((d) => d.serial_number === serial)?.state).toBe('new');
    },
    'results are listened to exactly while searching': (s) => {
      expect(s.children.results !== undefined).toBe(s.matches('searching'));
    },
    'only what the current search found is kept': (s) => {
      expect(s.context.found.map((d) => d.serial_number)).not.toContain('STALE');
    },
  },
  rules: {
    'a search starts only from a valid range, with the current request id': (step) => {
      const started = starts(step, 'start');
      if (started.length > 0) {
        expect(step.before?.matches('editing')).toBe(true);
        expect(started).toEqual([
          {
            start_ip: step.after.context.start_ip,
            end_ip: step.after.context.end_ip,
            request_id: requestIdOf(step.after.context),
          },
        ]);
        expect(step.after.context.errors).toEqual({});
      }
    },
    'an invalid range stays in the dialog with its field errors': (step) => {
      if (step.event.type === 'search.submitted' && step.after.matches('editing'))
        expect(Object.keys(step.after.context.errors).length).toBeGreaterThan(0);
    },
    'devices are added only with a group and a choice, and exactly those chosen': (step) => {
      const started = starts(step, 'addFound');
      if (started.length === 0) return;
      const before = step.before;
      expect(before?.context.domainId).not.toBeNull();
      expect(started).toEqual([
        {
          domain_id: before?.context.domainId,
          devices: before?.context.found.filter((d) => before.context.chosen.includes(d.serial_number)),
        },
      ]);
    },
    'each outcome is told once; field errors of the server land on the fields': (step) => {
      const alerts = calls(step, 'alert');
      const type = step.event.type;
      if (type === 'xstate.done.actor.addFound')
        expect(alerts).toEqual([{ kind: 'success', code: 'deviceSearch:alerts.added', params: { count: 1 } }]);
      else if (type === 'xstate.error.actor.addFound')
        expect(alerts).toEqual([{ kind: 'error', code: 'errors.http.serial number in use' }]);
      else if (type === 'xstate.error.actor.start' && step.after.context.errors.start_ip) expect(alerts).toEqual([]);
      else if (type === 'xstate.error.actor.start')
        expect(alerts).toEqual([{ kind: 'error', code: 'errors.http.serial number in use' }]);
      else expect(alerts).toEqual([]);
    },
  },
});

describe('device search machine', () => {
  it('searches a range, keeps what arrives for its request, adds the chosen ones', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, { tab: 'x' }, [
      { type: 'range.changed', field: 'start_ip', value: ' 127.0.2.1 ' },
      { type: 'range.changed', field: 'end_ip', value: '127.0.2.5' },
      { type: 'search.submitted' },
      { type: 'search.found', requestId: 'x-1', device: found('A') },
      { type: 'search.found', requestId: 'x-1', device: found('A') },
      { type: 'search.found', requestId: 'x-1', device: found('B', 'added') },
      { type: 'xstate.done.actor.start', output: { addresses: 5 } } as never,
      { type: 'search.finished', requestId: 'x-1' },
      { type: 'device.toggled', serial: 'B' },
      { type: 'device.toggled', serial: 'A' },
    ]);
    expect(selectFound(actor.getSnapshot()).map((d) => d.serial_number)).toEqual(['A', 'B']);
    expect(actor.getSnapshot().context.chosen).toEqual(['A']);
    expect(selectCanAdd(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'group.chosen', domainId: 9 });
    expect(selectCanAdd(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'add.submitted' });
    expect(actor.getSnapshot().children.addFound?.getSnapshot().input).toEqual({ domain_id: 9, devices: [found('A')] });
    actor.send({ type: 'xstate.done.actor.addFound', output: [12] } as never);
    expect(actor.getSnapshot().matches('added')).toBe(true);
    expect(effects.alert).toHaveBeenCalledWith({
      kind: 'success',
      code: 'deviceSearch:alerts.added',
      params: { count: 1 },
    });
  });

  it('a range whose end comes first is not searched', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { tab: 'x' }, [
      { type: 'range.changed', field: 'start_ip', value: '127.0.2.9' },
      { type: 'range.changed', field: 'end_ip', value: '127.0.2.1' },
      { type: 'search.submitted' },
    ]);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ end_ip: { code: 'ip_range_order' } });
  });
});
