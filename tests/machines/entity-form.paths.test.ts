import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { entityFormFixtures } from '../../src/machines/entity-form/entity-form.fixtures';
import {
  type EntityFormEvent,
  type EntityFormInput,
  entityFormMachine,
  type FillRequest,
  type SaveRequest,
} from '../../src/machines/entity-form/entity-form.machine';
import {
  normaliseValue,
  normaliseValues,
  PASSWORD_PLACEHOLDER,
} from '../../src/machines/entity-form/entity-form.normalise';
import { sampleGate, sampleGateForm } from '../../src/machines/entity-form/entity-form.sample';
import { selectCanApprove, selectIsDirty, selectIsLocked } from '../../src/machines/entity-form/entity-form.selectors';
import { describeModel, pendingActor, replay } from '../support/model-based';

function stubbed(save: unknown = pendingActor()) {
  const effects = { alert: vi.fn(), reportSaved: vi.fn() };
  const machine = entityFormMachine.provide({
    actors: { loadItem: pendingActor(), saveItem: save as ReturnType<typeof pendingActor>, fillValues: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p), reportSaved: (_, p) => effects.reportSaved(p) },
  });
  return { machine, effects };
}

/** A save actor that records what it was asked and never settles. */
function recordingSave() {
  const asked: SaveRequest[] = [];
  const logic = fromPromise(({ input }: { input: SaveRequest }) => {
    asked.push(input);
    return new Promise<never>(() => {});
  });
  return { asked, logic };
}

const existing: EntityFormInput = { id: sampleGate.id, definition: sampleGateForm };
const fresh: EntityFormInput = { id: null, definition: sampleGateForm };
const serverRefusal = {
  code: 'value not unique',
  status: 422,
  fields: { name: { code: 'not_unique' } },
};

const events = [
  { type: 'xstate.done.actor.loadItem', output: sampleGate },
  { type: 'xstate.error.actor.loadItem', error: { code: 'item not found', status: 404 } },
  { type: 'xstate.done.actor.saveItem', output: { id: 7, item: { ...sampleGate, name: 'Gate 2' } } },
  { type: 'xstate.error.actor.saveItem', error: serverRefusal },
  { type: 'field.change', field: 'name', value: 'Gate 2' },
  { type: 'field.change', field: 'port', value: 'eighty' },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'form.retry' },
  { type: 'form.itemChanged', item: { ...sampleGate, has_password: false } },
  { type: 'form.fill', fields: ['name'] },
  { type: 'xstate.done.actor.fillValues', output: { name: 'Suggested gate' } },
  { type: 'xstate.error.actor.fillValues', error: { code: 'cannot perform action', status: 400 } },
] as unknown as EntityFormEvent[];

describeModel('entityForm (existing entity)', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  input: existing,
  fixtures: entityFormFixtures,
});

describeModel('entityForm (new entity)', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  input: fresh,
  fixtures: entityFormFixtures,
});

const loaded = (machine = stubbed().machine) =>
  replay(machine, existing, [{ type: 'xstate.done.actor.loadItem', output: sampleGate } as unknown as EntityFormEvent]);

describe('entity form behaviour', () => {
  it('a new entity starts from the defaults plus the preset and is sent with PUT (no id)', () => {
    const save = recordingSave();
    const { machine } = stubbed(save.logic);
    const actor = replay(machine, { ...fresh, preset: { description: 'Main entrance' } }, [
      { type: 'field.change', field: 'name', value: '  East gate ' },
      { type: 'form.submit' },
    ]);
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.asked[0]).toEqual({
      id: null,
      body: {
        name: 'East gate',
        description: 'Main entrance',
        ip_address: null,
        port: 80,
        password: null,
        location_latitude: null,
        is_active: true,
      },
    });
  });

  it('after a PUT the form knows the new id and reports it was created', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, fresh, [
      { type: 'field.change', field: 'name', value: 'East gate' },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.saveItem', output: { id: 42, item: null } } as unknown as EntityFormEvent,
    ]);
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.id).toBe(42);
    expect(effects.reportSaved).toHaveBeenCalledWith({ id: 42, created: true, item: null });
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'success', code: 'lists:form.created' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
  });

  it('an existing entity is PATCHed by id; the stored password placeholder goes as null, comma decimals as numbers', () => {
    const save = recordingSave();
    const actor = loaded(stubbed(save.logic).machine);
    expect(actor.getSnapshot().context.values.password).toBe(PASSWORD_PLACEHOLDER);
    actor.send({ type: 'field.change', field: 'location_latitude', value: '56,9712' });
    actor.send({ type: 'field.change', field: 'port', value: ' 8080 ' });
    actor.send({ type: 'form.submit' });
    expect(save.asked[0]?.id).toBe(7);
    expect(save.asked[0]?.body).toMatchObject({ password: null, location_latitude: 56.9712, port: 8080 });
  });

  it('refuses invalid values with check fields data and errors on their inputs', () => {
    const { machine, effects } = stubbed();
    const actor = loaded(machine);
    actor.send({ type: 'field.change', field: 'name', value: '   ' });
    actor.send({ type: 'field.change', field: 'port', value: 'eighty' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ name: { code: 'required' }, port: { code: 'number' } });
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'common:form.checkFields' });
    actor.send({ type: 'field.change', field: 'port', value: '81' });
    expect(actor.getSnapshot().context.errors).toEqual({ name: { code: 'required' } });
  });

  it("puts the server's field errors on their fields and alerts the catalogue message", () => {
    const { machine, effects } = stubbed();
    const actor = loaded(machine);
    actor.send({ type: 'field.change', field: 'name', value: 'South gate' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'xstate.error.actor.saveItem', error: serverRefusal } as unknown as EntityFormEvent);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ name: { code: 'not_unique' } });
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'errors.http.value not unique' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
  });

  it('without the edit permission or read-only: no Approve, locked inputs, submit does nothing', () => {
    for (const input of [
      { ...existing, mayEdit: false },
      { ...existing, readOnly: true },
    ]) {
      const actor = replay(stubbed().machine, input, [
        { type: 'xstate.done.actor.loadItem', output: sampleGate } as unknown as EntityFormEvent,
        { type: 'form.submit' },
      ]);
      expect(actor.getSnapshot().value).toBe('editing');
      expect(selectCanApprove(actor.getSnapshot())).toBe(false);
      expect(selectIsLocked(actor.getSnapshot())).toBe(true);
    }
    expect(selectCanApprove(loaded().getSnapshot())).toBe(true);
  });

  it('dirty tracking: a change makes it dirty, reset restores the loaded values', () => {
    const actor = loaded();
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'field.change', field: 'name', value: 'Gate 2' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.reset' });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.values.name).toBe('North gate');
  });
});

describe('suggested values (form.fill)', () => {
  it('asks for the fields with the values as typed, merges the answer and clears those fields’ errors', () => {
    const asked: unknown[] = [];
    const fill = fromPromise(({ input }: { input: FillRequest }) => {
      asked.push(input);
      return new Promise<Record<string, unknown>>(() => {});
    });
    const machine = entityFormMachine.provide({
      actors: { loadItem: pendingActor(), saveItem: pendingActor(), fillValues: fill },
      actions: { alert: () => {}, reportSaved: () => {} },
    });
    const actor = replay(machine, fresh, [
      { type: 'form.submit' },
      { type: 'field.change', field: 'description', value: 'typed' },
      { type: 'form.fill', fields: ['name'] },
    ]);
    expect(actor.getSnapshot().value).toBe('filling');
    expect(selectIsLocked(actor.getSnapshot())).toBe(true);
    expect(asked[0]).toMatchObject({ id: null, fields: ['name'], values: { description: 'typed' } });
    actor.send({ type: 'xstate.done.actor.fillValues', output: { name: 'Suggested', unknown: 1 } } as never);
    const { values, errors } = actor.getSnapshot().context;
    expect(actor.getSnapshot().value).toBe('editing');
    expect(values).toMatchObject({ name: 'Suggested', description: 'typed' });
    expect(values).not.toHaveProperty('unknown');
    expect(errors.name).toBeUndefined();
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
  });

  it('a refusal alerts its catalogue message and keeps the values; a read-only form never fills', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, fresh, [
      { type: 'field.change', field: 'name', value: 'Mine' },
      { type: 'form.fill', fields: ['name'] },
      { type: 'xstate.error.actor.fillValues', error: { code: 'method or action prohibited', status: 403 } } as never,
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.name).toBe('Mine');
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'errors.http.method or action prohibited' });
    const locked = replay(stubbed().machine, { ...fresh, readOnly: true }, [{ type: 'form.fill', fields: ['name'] }]);
    expect(locked.getSnapshot().value).toBe('editing');
  });
});

describe('read-only items', () => {
  it('an item the definition marks read-only loads locked, without Approve', () => {
    const definition = { ...sampleGateForm, readOnlyItem: (gate: typeof sampleGate) => !gate.is_active };
    const actor = replay(stubbed().machine, { ...existing, definition }, [
      { type: 'xstate.done.actor.loadItem', output: { ...sampleGate, is_active: false } } as unknown as EntityFormEvent,
    ]);
    expect(selectCanApprove(actor.getSnapshot())).toBe(false);
    expect(selectIsLocked(actor.getSnapshot())).toBe(true);
  });
});

describe('command forms', () => {
  it('start from a given item without loading, and take a changed item without losing typed values', () => {
    const actor = replay(stubbed().machine, { ...existing, item: sampleGate }, [
      { type: 'field.change', field: 'name', value: 'Typed' },
      { type: 'form.itemChanged', item: { ...sampleGate, description: 'Changed elsewhere' } },
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.name).toBe('Typed');
    expect((actor.getSnapshot().context.item as { description: string }).description).toBe('Changed elsewhere');
  });
});

describe('payload normalisation (7.9)', () => {
  it('blank means null, undefined or whitespace only', () => {
    for (const blank of [null, undefined, '', '   \t'] as const) expect(normaliseValue('text', blank)).toBeNull();
    expect(normaliseValue('text', '  a b ')).toBe('a b');
  });

  it('passwords: placeholder, unchanged or blank → null; a new one is sent as typed', () => {
    expect(normaliseValue('password', PASSWORD_PLACEHOLDER, PASSWORD_PLACEHOLDER)).toBeNull();
    expect(normaliseValue('password', '', PASSWORD_PLACEHOLDER)).toBeNull();
    expect(normaliseValue('password', ' new secret ', PASSWORD_PLACEHOLDER)).toBe(' new secret ');
  });

  it('a comma is a decimal separator; ports are numbers; junk stays visible as NaN for the schema', () => {
    expect(normaliseValue('decimal', '24,105')).toBe(24.105);
    expect(normaliseValue('decimal', '24.105')).toBe(24.105);
    expect(normaliseValue('port', '8080')).toBe(8080);
    expect(normaliseValue('port', 443)).toBe(443);
    expect(normaliseValue('port', '80a')).toBeNaN();
    expect(normaliseValue('integer', '')).toBeNull();
  });

  it('only the listed fields are sent', () => {
    expect(normaliseValues({ a: ' x ', confirm: 'y' }, { a: 'text' })).toEqual({ a: 'x' });
  });
});
