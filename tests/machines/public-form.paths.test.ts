import { describe, expect, it } from 'vitest';
import { publicFormFixtures } from '../../src/machines/public-form/public-form.fixtures';
import {
  type PublicFormEvent,
  publicFormMachine,
  validatePublicForm,
} from '../../src/machines/public-form/public-form.machine';
import { describeModel, pendingActor, replay, ruleCoverage, starts } from '../support/model-based';

const fresh = () => publicFormMachine.provide({ actors: { load: pendingActor(), submit: pendingActor() } });
const input = { loads: true, fields: ['password', 'password_confirmation'] };
const events = [
  { type: 'field.change', field: 'password', value: 'long-enough' },
  { type: 'field.change', field: 'password_confirmation', value: 'long-enough' },
  { type: 'field.change', field: 'password_confirmation', value: 'different' },
  { type: 'field.change', field: 'email', value: 'nina@example.org' },
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

const DEAD = ['invite code not found', 'verification link outdated or incorrect'];

/** One tally for the models below: some rules only apply from some starting points. */
const coverage = ruleCoverage();
for (const [name, formInput] of Object.entries({
  'registration by invitation': input,
  'password recovery': { loads: false, fields: ['email'] },
})) {
  describeModel(`publicForm (${name})`, {
    coverage,
    machine: fresh(),
    events,
    input: formInput,
    // Which fields are filled, and whether the two passwords agree.
    serialize: (s) =>
      JSON.stringify([
        s.value,
        Object.keys(s.context.values).sort(),
        s.context.values.password === s.context.values.password_confirmation,
      ]),
    fixtures: publicFormFixtures,
    invariants: {
      'each request runs exactly in its state': (s) => {
        expect(s.children.load !== undefined).toBe(s.matches('loading'));
        expect(s.children.submit !== undefined).toBe(s.matches('submitting'));
      },
      'a failed load says why': (s) => {
        if (s.matches('failed')) expect(s.context.failure).not.toBeNull();
      },
    },
    rules: {
      'a form is sent only filled in, with the password typed twice the same': (step) => {
        for (const values of starts(step, 'submit') as Record<string, string>[]) {
          for (const field of formInput.fields) expect(values[field]?.trim()).toBeTruthy();
          if (formInput.fields.includes('password_confirmation'))
            expect(values.password_confirmation).toBe(values.password);
        }
      },
      'only a flow with something to load loads it': (step) => {
        expect(starts(step, 'load')).toHaveLength(step.before === null && formInput.loads ? 1 : 0);
      },
      'a dead link ends the form; other refusals keep what was typed': (step) => {
        const e = step.event as { type: string; error?: { code: string } };
        if (e.type !== 'xstate.error.actor.submit' || !step.before?.matches('submitting')) return;
        if (DEAD.includes(e.error?.code ?? '')) expect(step.after.matches('invalid')).toBe(true);
        else {
          expect(step.after.matches('editing')).toBe(true);
          expect(step.after.context.values).toEqual(step.before.context.values);
        }
      },
      'a finished form does nothing more': (step) => {
        if (step.before?.status === 'done') expect(step.effects.started).toEqual([]);
        if ((['done', 'invalid', 'failed'] as const).some((s) => step.after.matches(s)))
          expect(step.after.status).toBe('done');
      },
    },
  });
}

describe('models together', () => coverage.expectAllExercised());

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

  it('a link cut short (the server refuses its token or code) ends in invalid, not in a raw refusal', () => {
    for (const field of ['token', 'code']) {
      const actor = replay(fresh(), { loads: false, fields: ['password'] }, [
        { type: 'field.change', field: 'password', value: 'long-enough' },
        { type: 'form.submit' },
        {
          type: 'xstate.error.actor.submit',
          error: { code: 'invalid data sent', status: 422, fields: { [field]: { code: 'min_length' } } },
        } as never,
      ]);
      expect(actor.getSnapshot().value).toBe('invalid');
    }
  });

  it("a flow's own unusable codes end it in invalid (a confirmation where self-registration is closed)", () => {
    const prohibited = { type: 'xstate.error.actor.load', error: { code: 'method or action prohibited', status: 403 } };
    const confirm = replay(fresh(), { loads: true, fields: [], unusableCodes: ['method or action prohibited'] }, [
      prohibited as never,
    ]);
    expect(confirm.getSnapshot().value).toBe('invalid');
    // Without the flow saying so, a refusal is a failure that shows its message.
    const other = replay(fresh(), { loads: true, fields: [] }, [prohibited as never]);
    expect(other.getSnapshot().value).toBe('failed');
  });
});
