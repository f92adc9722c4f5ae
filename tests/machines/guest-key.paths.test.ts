import { describe, expect, it, vi } from 'vitest';
import {
  guestKeyFixtures,
  sampleDoors,
  sampleKey,
  sampleRules,
  sampleState,
} from '../../src/machines/guest-key/guest-key.fixtures';
import { guestKeyMachine } from '../../src/machines/guest-key/guest-key.machine';
import {
  selectCanEdit,
  selectDoorFailure,
  selectKeyRefusal,
  selectNoPassesLeft,
  selectOpenedDoor,
} from '../../src/machines/guest-key/guest-key.selectors';
import type { GuestKeyEvent, GuestKeyInput } from '../../src/machines/guest-key/guest-key.types';
import { checkValues, defaultValues, grantBody } from '../../src/machines/guest-key/guest-key.values';
import { calls, describeModel, pendingActor, replay, ruleCoverage, starts } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = guestKeyMachine.provide({
    actors: { loadKey: pendingActor(), grantKey: pendingActor(), loadPage: pendingActor(), openDoor: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const START = '2026-05-01T08:00:00.000Z';
const KEY = 'Q2hhbmdlLXRoaXMta2V5';
const MAIN = sampleDoors[1]?.device_token as string;
const page = (status: string, left = 3) => ({
  state: { ...sampleState, status, passes: { max: 4, used: 4 - left, left } },
  doors: status === 'valid' || status === 'not_yet_valid' ? sampleDoors : [],
});
const failure = (code: string, status = 409) => ({ code, status });

const grantEvents = [
  { type: 'key.change', field: 'name', value: 'Plumber' },
  { type: 'key.change', field: 'validTo', value: '' },
  { type: 'key.change', field: 'validTo', value: '2026-05-03T10:00' },
  { type: 'key.change', field: 'restrictPassCount', value: true },
  { type: 'key.change', field: 'passLimit', value: '3' },
  { type: 'rules.change', rules: sampleRules },
  { type: 'rules.change', rules: [] },
  { type: 'key.grant' },
  { type: 'key.grantAnother', start: '2026-06-01T09:00:00.000Z' },
  { type: 'key.retry' },
  { type: 'xstate.done.actor.loadKey', output: sampleKey },
  { type: 'xstate.error.actor.loadKey', error: failure('item not found', 404) },
  { type: 'xstate.done.actor.grantKey', output: sampleKey },
  {
    type: 'xstate.error.actor.grantKey',
    error: {
      code: 'max pass count or period reached',
      status: 400,
      fields: { 'passes_restrict.max_count': { code: 'max_passes', params: { max: 2 } } },
    },
  },
] as unknown as GuestKeyEvent[];

const guestEvents = [
  { type: 'door.open', token: MAIN },
  { type: 'door.open', token: 'not-a-door-of-this-page' },
  { type: 'key.retry' },
  { type: 'xstate.done.actor.loadPage', output: page('valid') },
  { type: 'xstate.done.actor.loadPage', output: page('not_yet_valid') },
  { type: 'xstate.done.actor.loadPage', output: page('expired') },
  { type: 'xstate.done.actor.loadPage', output: page('pass_limit', 0) },
  { type: 'xstate.error.actor.loadPage', error: failure('invalid identifier', 404) },
  { type: 'xstate.error.actor.loadPage', error: { code: 'network' } },
  { type: 'xstate.done.actor.openDoor', output: { opened: true, passes: { max: 4, used: 2, left: 2 } } },
  { type: 'xstate.done.actor.openDoor', output: { opened: true, passes: { max: 4, used: 4, left: 0 } } },
  { type: 'xstate.error.actor.openDoor', error: failure('device problem') },
  { type: 'xstate.error.actor.openDoor', error: failure('device not found', 404) },
  { type: 'xstate.error.actor.openDoor', error: failure('expired') },
  { type: 'xstate.error.actor.openDoor', error: failure('pass limit reached') },
  { type: 'xstate.error.actor.openDoor', error: failure('not yet valid') },
  { type: 'xstate.error.actor.openDoor', error: failure('invalid identifier', 404) },
] as unknown as GuestKeyEvent[];

const FAILURE_STATES = [
  { grant: 'loadFailed' },
  { grant: 'choosing' },
  { guest: 'loadFailed' },
  { guest: 'doorFailed' },
  { guest: 'invalid' },
  { guest: 'expired' },
  { guest: 'passLimitReached' },
  { guest: 'notYetValid' },
] as const;

const coverage = ruleCoverage();
const model = (name: string, input: GuestKeyInput, events: GuestKeyEvent[]) =>
  describeModel(name, {
    machine: stubbed().machine,
    input,
    events,
    coverage,
    serialize: (s) =>
      JSON.stringify([
        s.value,
        Object.keys(checkValues(s.context.values)).sort(),
        s.context.failure?.code ?? null,
        s.context.state?.passes?.left ?? null,
      ]),
    fixtures: guestKeyFixtures,
    invariants: {
      'each request runs exactly in its state': (s) => {
        expect(s.children.loadKey !== undefined).toBe(s.matches({ grant: 'loading' }));
        expect(s.children.grantKey !== undefined).toBe(s.matches({ grant: 'granting' }));
        expect(s.children.loadPage !== undefined).toBe(s.matches({ guest: 'loading' }));
        expect(s.children.openDoor !== undefined).toBe(s.matches({ guest: 'opening' }));
      },
      'the flow follows the input: a grant never shows a guest page, nor the reverse': (s) => {
        expect(s.matches('grant')).toBe(s.context.input.mode === 'grant');
        expect(s.matches('guest')).toBe(s.context.input.mode === 'guest');
      },
      'a granted key is held exactly once granted': (s) => {
        expect(s.context.granted !== null).toBe(s.matches({ grant: 'granted' }));
      },
      'a failure is kept only where it explains something': (s) => {
        if (s.context.failure) expect(FAILURE_STATES.some((state) => s.matches(state))).toBe(true);
      },
      'doors are offered only with the state of the key they belong to': (s) => {
        if (s.context.doors.length > 0) expect(s.context.state).not.toBeNull();
        if (selectOpenedDoor(s)) expect(s.context.doors).toContainEqual(selectOpenedDoor(s));
      },
      'the form is editable only while choosing': (s) => {
        expect(selectCanEdit(s)).toBe(s.matches({ grant: 'choosing' }));
      },
    },
    rules: {
      'a grant is sent only from a form without errors, with what the form holds': (step) => {
        const started = starts(step, 'grantKey');
        const before = step.before;
        if (step.event.type !== 'key.grant' || !before?.matches({ grant: 'choosing' })) {
          expect(started).toEqual([]);
          return;
        }
        const errors = checkValues(before.context.values);
        if (Object.keys(errors).length > 0) {
          expect(started).toEqual([]);
          expect(step.after.context.fieldErrors).toEqual(errors);
        } else {
          const id = before.context.input.mode === 'grant' ? before.context.input.id : null;
          expect(started).toEqual([{ id, body: grantBody(before.context.values) }]);
        }
      },
      "a key being edited is loaded first, by the page's id": (step) => {
        const started = starts(step, 'loadKey');
        const editing = step.event.type === 'xstate.init' && input.mode === 'grant' && input.id !== null;
        const retried = step.event.type === 'key.retry' && step.before?.matches({ grant: 'loadFailed' });
        expect(started).toEqual(editing || retried ? [{ id: 41 }] : []);
      },
      "the guest page loads the link's key at the start and on retry": (step) => {
        const started = starts(step, 'loadPage');
        const first = step.event.type === 'xstate.init' && input.mode === 'guest';
        const retried =
          step.event.type === 'key.retry' &&
          (step.before?.matches({ guest: 'loadFailed' }) || step.before?.matches({ guest: 'notYetValid' }));
        expect(started).toEqual(first || retried ? [{ keyUid: KEY }] : []);
      },
      'a door is opened only on request, only a door of the page, while a pass is left': (step) => {
        const started = starts(step, 'openDoor');
        const before = step.before;
        const offered =
          step.event.type === 'door.open' &&
          before !== null &&
          (before.matches({ guest: 'doors' }) ||
            before.matches({ guest: 'opened' }) ||
            before.matches({ guest: 'doorFailed' })) &&
          before.context.doors.some((d) => d.device_token === (step.event as { token: string }).token) &&
          !selectNoPassesLeft(before);
        expect(started).toEqual(offered ? [{ keyUid: KEY, token: (step.event as { token: string }).token }] : []);
      },
      'a key-level refusal leaves the doors; a door-level one keeps them': (step) => {
        if (step.event.type !== 'xstate.error.actor.openDoor') return;
        const code = (step.event as { error: { code: string } }).error.code;
        if (code === 'device problem' || code === 'device not found') {
          expect(selectDoorFailure(step.after)?.failure?.code).toBe(code);
          expect(step.after.context.doors).toEqual(sampleDoors);
        } else expect(selectKeyRefusal(step.after)).not.toBeNull();
      },
      'a granted key is told once; nothing else is': (step) => {
        const done = step.event.type === 'xstate.done.actor.grantKey' && step.before?.matches({ grant: 'granting' });
        expect(calls(step, 'alert')).toEqual(
          done ? [{ kind: 'success', code: 'guestAccess:grant.done', params: { name: 'Plumber' } }] : [],
        );
      },
    },
  });

model('guestKey (new key)', { mode: 'grant', id: null, start: START }, grantEvents);
model('guestKey (editing a key)', { mode: 'grant', id: 41, start: START }, grantEvents);
model('guestKey (guest page)', { mode: 'guest', keyUid: KEY }, guestEvents);
coverage.expectAllExercised();

describe('guest key values', () => {
  it('sends §3 as the wire has it: ids of the rules, the period as instants, blank as null', () => {
    const values = {
      ...defaultValues(START),
      name: '  ',
      selectedAccessRules: sampleRules,
      validatePeriod: { from: '2026-05-01T10:00', to: '2026-05-02T10:00' },
      restrictPassCount: true,
      passLimit: '5',
      keyMessage: 'Ring 101',
    };
    expect(grantBody(values)).toEqual({
      name: null,
      type: 'qr',
      guest_type: 'guest',
      access_rules: [3],
      period_restrict: {
        active: true,
        from: new Date('2026-05-01T10:00').toISOString(),
        to: new Date('2026-05-02T10:00').toISOString(),
      },
      passes_restrict: { active: true, max_count: 5 },
      key_message: 'Ring 101',
    });
    expect(checkValues({ ...values, selectedAccessRules: [], passLimit: '0' })).toEqual({
      access_rules: { code: 'access_rule_required' },
      'passes_restrict.max_count': { code: 'min_value', params: { min: 1 } },
    });
    expect(checkValues({ ...values, validatePeriod: { from: '2026-05-02T10:00', to: '2026-05-01T10:00' } })).toEqual({
      'period_restrict.to': { code: 'time_order' },
    });
  });

  it('opens a door and counts down; the last pass leaves no door to open', () => {
    const { machine } = stubbed();
    const actor = replay(machine, { mode: 'guest', keyUid: KEY }, [
      { type: 'xstate.done.actor.loadPage', output: page('valid', 1) } as never,
      { type: 'door.open', token: MAIN },
    ]);
    expect(actor.getSnapshot().children.openDoor?.getSnapshot().input).toEqual({ keyUid: KEY, token: MAIN });
    actor.send({
      type: 'xstate.done.actor.openDoor',
      output: { opened: true, passes: { max: 4, used: 4, left: 0 } },
    } as never);
    expect(selectOpenedDoor(actor.getSnapshot())?.name).toBe('Main door controller');
    expect(selectNoPassesLeft(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'door.open', token: MAIN });
    expect(actor.getSnapshot().matches({ guest: 'opened' })).toBe(true);
    actor.stop();
  });
});
