import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { PasswordChangeSchema } from '../../src/contract/entities/profile';
import { passwordFormFixtures } from '../../src/machines/password-form/password-form.fixtures';
import {
  type PasswordFormEvent,
  passwordFormMachine,
  validatePassword,
} from '../../src/machines/password-form/password-form.machine';
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

function stubbed() {
  const alert = vi.fn();
  const machine = passwordFormMachine.provide({
    actors: { changePassword: pendingActor() },
    actions: { alert: (_, p) => alert(p) },
  });
  return { machine, alert };
}

const events = [
  { type: 'field.change', field: 'old', value: 'old-secret' },
  { type: 'field.change', field: 'new', value: 'new-secret-1' },
  { type: 'field.change', field: 'new', value: 'short' },
  { type: 'field.change', field: 'confirm', value: 'new-secret-1' },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'xstate.done.actor.changePassword', output: undefined },
  {
    type: 'xstate.error.actor.changePassword',
    error: { code: 'wrong old password', status: 400, fields: { old: { code: 'invalid' } } },
  },
] as unknown as PasswordFormEvent[];

const EMPTY = { old: '', new: '', confirm: '' };

describeModel('passwordForm', {
  machine: stubbed().machine,
  events,
  serialize: (s) => JSON.stringify([s.value, s.context.values]),
  fixtures: passwordFormFixtures,
  invariants: {
    'a changed password leaves nothing typed behind': (s) => {
      if (s.matches('done')) expect(s.context.values).toEqual(EMPTY);
    },
    'the request runs exactly while submitting': (s) => {
      expect(s.children.changePassword !== undefined).toBe(s.matches('submitting'));
    },
  },
  rules: {
    'a password is sent only when the contract takes it and the confirmation matches': (step) => {
      const sent = starts(step, 'changePassword') as { old: string; new: string }[];
      if (sent.length === 0) return;
      const typed = step.before?.context.values;
      expect(sent).toEqual([{ old: typed?.old, new: typed?.new }]);
      expect(v.safeParse(PasswordChangeSchema, sent[0]).issues).toBeUndefined();
      expect(typed?.confirm).toBe(typed?.new);
    },
    'a refused check says "check fields data" and sends nothing': (step) => {
      if (step.event.type !== 'form.submit' || !step.after.matches('editing')) return;
      expect(step.effects.started).toEqual([]);
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'common:form.checkFields' }]);
      expect(Object.keys(step.after.context.errors).length).toBeGreaterThan(0);
    },
    'a changed password is said; a refused one shows why on its field': (step) => {
      if (step.event.type === 'xstate.done.actor.changePassword' && step.before?.matches('submitting'))
        expect(calls(step, 'alert')).toEqual([{ kind: 'success', code: 'profile:password.changed' }]);
      if (step.event.type === 'xstate.error.actor.changePassword' && step.before?.matches('submitting')) {
        expect(step.after.context.errors).toEqual({ old: { code: 'invalid' } });
        expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'errors.http.wrong old password' }]);
      }
    },
  },
});

describe('password form rules', () => {
  it('needs the confirmation to match and a long enough new password', () => {
    expect(validatePassword({ old: 'a', new: 'short', confirm: 'other' })).toEqual({
      new: { code: 'min_length', params: { length: 8 } },
      confirm: { code: 'mismatch' },
    });
    expect(validatePassword({ old: 'a', new: 'long-enough', confirm: 'long-enough' })).toEqual({});
  });

  it('a wrong old password comes back on the old field with the catalogue message', () => {
    const { machine, alert } = stubbed();
    const actor = replay(machine, undefined, [
      events[0]!,
      events[1]!,
      events[3]!,
      { type: 'form.submit' },
      events.at(-1)!,
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ old: { code: 'invalid' } });
    expect(alert).toHaveBeenLastCalledWith({ kind: 'error', code: 'errors.http.wrong old password' });
  });
});
