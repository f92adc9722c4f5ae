import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { ProfilePatchSchema } from '../../src/contract/entities/profile';
import { profileFormFixtures } from '../../src/machines/profile-form/profile-form.fixtures';
import { type ProfileFormEvent, profileFormMachine } from '../../src/machines/profile-form/profile-form.machine';
import { patchFromValues, valuesFromProfile } from '../../src/machines/profile-form/profile-form.values';
import { adminProfile } from '../../src/machines/session/session.fixtures';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const effects = { notifySession: vi.fn(), alert: vi.fn() };
  const machine = profileFormMachine.provide({
    actors: { saveProfile: pendingActor() },
    actions: { notifySession: (_, p) => effects.notifySession(p), alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const saved = { ...adminProfile, name: 'Alexandra Admin' };
const events = [
  { type: 'field.change', field: 'name', value: 'Alexandra Admin' },
  { type: 'field.change', field: 'email', value: 'not-an-email' },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'xstate.done.actor.saveProfile', output: saved },
  {
    type: 'xstate.error.actor.saveProfile',
    error: { code: 'invalid data sent', status: 400, fields: { 'profile.phone': { code: 'phone' } } },
  },
] as unknown as ProfileFormEvent[];

describeModel('profileForm', {
  machine: stubbed().machine,
  events,
  input: { profile: adminProfile },
  serialize: (s) => JSON.stringify([s.value, s.context.values.name, s.context.values.email, s.context.profile.name]),
  fixtures: profileFormFixtures,
  invariants: {
    'the request runs exactly while saving': (s) => {
      expect(s.children.saveProfile !== undefined).toBe(s.matches('saving'));
    },
  },
  rules: {
    'the profile is saved only when the contract takes the patch': (step) => {
      for (const patch of starts(step, 'saveProfile'))
        expect(v.safeParse(ProfilePatchSchema, patch).issues).toBeUndefined();
    },
    'a refused check says "check fields data" and sends nothing': (step) => {
      if (step.event.type !== 'form.submit' || !step.after.matches('editing')) return;
      expect(step.effects.started).toEqual([]);
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'common:form.checkFields' }]);
      expect(Object.keys(step.after.context.errors).length).toBeGreaterThan(0);
    },
    'saved: the session gets the new profile and the user is told': (step) => {
      if (step.event.type !== 'xstate.done.actor.saveProfile' || !step.before?.matches('saving')) return;
      expect(calls(step, 'notifySession')).toEqual([{ profile: saved }]);
      expect(calls(step, 'alert')).toEqual([{ kind: 'success', code: 'profile:saved' }]);
      expect(step.after.context.values.name).toBe(saved.name);
    },
    'a refused save keeps what was typed and shows the server errors on their inputs': (step) => {
      if (step.event.type !== 'xstate.error.actor.saveProfile' || !step.before?.matches('saving')) return;
      expect(step.after.context.values).toEqual(step.before.context.values);
      expect(step.after.context.errors).toEqual({ phone: { code: 'phone' } });
      expect(calls(step, 'notifySession')).toEqual([]);
    },
  },
});

describe('profile form behaviour', () => {
  it('refuses to save invalid values with check fields data and the field error', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, { profile: adminProfile }, [
      { type: 'field.change', field: 'email', value: 'nope' },
      { type: 'form.submit' },
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors.email).toEqual({ code: 'email' });
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'common:form.checkFields' });
  });

  it('sends blank fields as null (7.9) and a comma decimal time zone as a number', () => {
    const values = { ...valuesFromProfile(adminProfile), firstname: '   ', address: '', time_zone: '5,5' };
    const patch = patchFromValues(values);
    expect(patch.firstname).toBeNull();
    expect(patch.profile?.address).toBeNull();
    expect(patch.profile?.time_zone).toBe(5.5);
  });

  it('puts server field errors on their inputs and tells the session on success', () => {
    const { machine, effects } = stubbed();
    const failed = replay(machine, { profile: adminProfile }, events.slice(2, 3).concat(events[5]!));
    expect(failed.getSnapshot().context.errors).toEqual({ phone: { code: 'phone' } });
    const ok = replay(stubbed().machine, { profile: adminProfile }, [events[0]!, events[2]!, events[4]!]);
    expect(ok.getSnapshot().context.profile.name).toBe('Alexandra Admin');
    expect(effects.notifySession).not.toHaveBeenCalled();
    const { machine: m2, effects: e2 } = stubbed();
    replay(m2, { profile: adminProfile }, [events[0]!, events[2]!, events[4]!]);
    expect(e2.notifySession).toHaveBeenCalledWith({ profile: saved });
    expect(e2.alert).toHaveBeenCalledWith({ kind: 'success', code: 'profile:saved' });
  });
});
