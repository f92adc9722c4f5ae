import { describe, expect, it } from 'vitest';
import { publicFormFixtures } from '../../src/machines/public-form/public-form.fixtures';
import {
  type PublicFormEvent,
  publicFormMachine,
  validatePublicForm,
} from '../../src/machines/public-form/public-form.machine';
import { describeModel, pendingActor, replay } from '../support/model-based';

const fresh = () => publicFormMachine.provide({ actors: { load: pendingActor(), submit: pendingActor() } });
const input = { loads: true, fields: ['password', 'password_confirmation'] };
const events = [
  { type: 'field.change', field: 'password', value: 'long-enough' },
  { type: 'field.change', field: 'password_confirmation', value: 'long-enough' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.load', output: { login: 'newbie' } },
  { type: 'xstate.error.actor.load', error: { code: 'invite code not found' } },
  { type: 'xstate.error.actor.load', error: { code: 'network' } },
  { type: 'xstate.done.actor.submit', output: { login: 'newbie' } },
  { type: 'xstate.error.actor.submit', error: { code: 'verification link outdated or incorrect' } },
  {
    type: 'xstate.error.actor.submit',
    error: { code: 'invalid data sent', fields: { password: { code: 'min_length' } } },
  },
] as unknown as PublicFormEvent[];

describeModel('publicForm', { machine: fresh(), fresh, events, input, fixtures: publicFormFixtures });

describe('public form behaviour', () => {
  it('without anything to load it starts editing', () => {
    const actor = replay(fresh(), { loads: false, fields: ['email'] }, []);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('checks required fields, e-mail, password length and confirmation before submitting', () => {
    expect(validatePublicForm({}, ['email'])).toEqual({ email: { code: 'required' } });
    expect(validatePublicForm({ email: 'nope' }, ['email'])).toEqual({ email: { code: 'email' } });
    expect(
      validatePublicForm({ password: 'short', password_confirmation: 'x' }, ['password', 'password_confirmation']),
    ).toEqual({
      password: { code: 'min_length', params: { length: 8 } },
      password_confirmation: { code: 'mismatch' },
    });
    const actor = replay(fresh(), { loads: false, fields: ['email'] }, [{ type: 'form.submit' }]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'required' } });
  });

  it('a dead link ends in invalid; other failures keep the values and show the error', () => {
    const typed = [
      { type: 'xstate.done.actor.load', output: {} },
      { type: 'field.change', field: 'password', value: 'long-enough' },
      { type: 'field.change', field: 'password_confirmation', value: 'long-enough' },
      { type: 'form.submit' },
    ] as PublicFormEvent[];
    const failed = replay(fresh(), input, [
      ...typed,
      { type: 'xstate.error.actor.submit', error: { code: 'network' } } as never,
    ]);
    expect(failed.getSnapshot().value).toBe('editing');
    expect(failed.getSnapshot().context).toMatchObject({
      failure: { code: 'network' },
      values: { password: 'long-enough' },
    });
    const dead = replay(fresh(), input, [
      ...typed,
      { type: 'xstate.error.actor.submit', error: { code: 'invite code not found' } } as never,
    ]);
    expect(dead.getSnapshot().value).toBe('invalid');
  });
});
