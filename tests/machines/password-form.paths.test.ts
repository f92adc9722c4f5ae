import { describe, expect, it, vi } from 'vitest';
import { passwordFormFixtures } from '../../src/machines/password-form/password-form.fixtures';
import {
  type PasswordFormEvent,
  passwordFormMachine,
  validatePassword,
} from '../../src/machines/password-form/password-form.machine';
import { describeModel, pendingActor, replay } from '../support/model-based';

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
  { type: 'field.change', field: 'confirm', value: 'new-secret-1' },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'xstate.done.actor.changePassword', output: undefined },
  {
    type: 'xstate.error.actor.changePassword',
    error: { code: 'wrong old password', status: 400, fields: { old: { code: 'invalid' } } },
  },
] as unknown as PasswordFormEvent[];

describeModel('passwordForm', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  fixtures: passwordFormFixtures,
  invariant: (s) => {
    if (s.matches('done')) expect(s.context.values).toEqual({ old: '', new: '', confirm: '' });
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
    const actor = replay(machine, undefined, [...events.slice(0, 4), events[6]!]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ old: { code: 'invalid' } });
    expect(alert).toHaveBeenLastCalledWith({ kind: 'error', code: 'errors.http.wrong old password' });
  });
});
