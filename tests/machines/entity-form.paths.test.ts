import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { sameValues, validateForm } from '../../src/machines/entity-form/entity-form.definition';
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
import {
  SampleGateCreateSchema,
  SampleGatePatchSchema,
  sampleGate,
  sampleGateForm,
} from '../../src/machines/entity-form/entity-form.sample';
import { selectCanApprove, selectIsDirty, selectIsLocked } from '../../src/machines/entity-form/entity-form.selectors';
import {
  calls,
  describeModel,
  type ModelStep,
  pendingActor,
  replay,
  ruleCoverage,
  starts,
} from '../support/model-based';

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

const saved = { id: 7, item: { ...sampleGate, name: 'Gate 2' } };
/** The server suggests a name, and a field this form does not have. */
const suggested = { name: 'Suggested gate', unknown_field: 1 };

const events = [
  { type: 'xstate.done.actor.loadItem', output: sampleGate },
  { type: 'xstate.error.actor.loadItem', error: { code: 'item not found', status: 404 } },
  { type: 'xstate.done.actor.saveItem', output: saved },
  { type: 'xstate.error.actor.saveItem', error: serverRefusal },
  { type: 'field.change', field: 'name', value: 'Gate 2' },
  { type: 'field.change', field: 'port', value: 'eighty' },
  { type: 'field.change', field: 'name', value: '   ' },
  { type: 'field.change', field: 'port', value: ' 8080 ' },
  { type: 'form.submit' },
  { type: 'form.reset' },
  { type: 'form.retry' },
  { type: 'form.itemChanged', item: { ...sampleGate, has_password: false } },
  { type: 'form.fill', fields: ['name'] },
  { type: 'xstate.done.actor.fillValues', output: suggested },
  { type: 'xstate.error.actor.fillValues', error: { code: 'cannot perform action', status: 400 } },
] as unknown as EntityFormEvent[];

type Snapshot = ReturnType<typeof entityFormMachine.resolveState>;
type Step = ModelStep<typeof entityFormMachine>;

/** States told apart by what the rules care about: where, whether the values would pass, whether they changed. */
const abstraction = (s: Snapshot) => {
  const mode = s.context.id === null ? 'create' : 'patch';
  const valid = Object.keys(validateForm(s.context.definition, s.context.values, s.context.initial, mode)).length === 0;
  return JSON.stringify([s.value, valid, !sameValues(s.context.values, s.context.initial), s.context.id === null]);
};

const modelMachine = stubbed().machine;
const settled = (step: Step, type: string) => step.event.type === type;

/** One tally for the models below: some rules only apply from some starting points. */
const coverage = ruleCoverage();
for (const [name, input] of Object.entries({
  'existing entity': existing,
  'new entity': fresh,
  'existing entity, no edit permission': { ...existing, mayEdit: false },
  'new entity, read-only': { ...fresh, readOnly: true },
})) {
  describeModel(`entityForm (${name})`, {
    coverage,
    machine: modelMachine,
    events,
    input,
    serialize: abstraction,
    fixtures: entityFormFixtures,
    invariants: {
      'a read-only or unpermitted form never saves or fills': (s) => {
        if (s.context.readOnly || !s.context.mayEdit) {
          expect(s.matches('saving')).toBe(false);
          expect(s.matches('filling')).toBe(false);
        }
      },
      'a saved entity has its id': (s) => {
        if (s.matches('saved')) expect(s.context.id).not.toBeNull();
      },
      'each request runs exactly in its state': (s) => {
        expect(s.children.loadItem !== undefined).toBe(s.matches('loading'));
        expect(s.children.saveItem !== undefined).toBe(s.matches('saving'));
        expect(s.children.fillValues !== undefined).toBe(s.matches('filling'));
      },
    },
    rules: {
      'a form never PUTs or PATCHes while invalid': (step) => {
        for (const request of starts(step, 'saveItem') as SaveRequest[]) {
          // The contract decides: a new entity's body must pass the PUT schema, an existing one's the PATCH schema.
          expect(request.id).toBe(step.before?.context.id);
          const schema = request.id === null ? SampleGateCreateSchema : SampleGatePatchSchema;
          expect(v.safeParse(schema, request.body).issues).toBeUndefined();
        }
      },
      'only a writable form with the edit permission sends anything': (step) => {
        const writable = step.after.context.mayEdit && !step.after.context.readOnly;
        if (!writable) {
          expect(starts(step, 'saveItem')).toEqual([]);
          expect(starts(step, 'fillValues')).toEqual([]);
        }
      },
      'a refused check says "check fields data" and sends nothing': (step) => {
        if (step.event.type !== 'form.submit' || !step.after.matches('editing') || !step.before?.matches('editing'))
          return;
        const writable = step.before.context.mayEdit && !step.before.context.readOnly;
        expect(step.effects.started).toEqual([]);
        expect(calls(step, 'alert')).toEqual(writable ? [{ kind: 'error', code: 'common:form.checkFields' }] : []);
        if (writable) expect(Object.keys(step.after.context.errors).length).toBeGreaterThan(0);
      },
      'an opened entity is loaded by its id': (step) => {
        const loads = starts(step, 'loadItem');
        if (loads.length > 0) expect(loads).toEqual([sampleGate.id]);
      },
      'a save reports once, with the id the server gave': (step) => {
        if (!settled(step, 'xstate.done.actor.saveItem') || !step.before?.matches('saving')) return;
        expect(calls(step, 'reportSaved')).toEqual([
          { id: saved.id, created: step.before.context.id === null, item: saved.item },
        ]);
        expect(step.after.context.id).toBe(saved.id);
        expect(calls(step, 'alert')).toEqual([
          { kind: 'success', code: step.before.context.id === null ? 'lists:form.created' : 'lists:form.saved' },
        ]);
      },
      "a refused save keeps what was typed and shows the server's errors": (step) => {
        if (!settled(step, 'xstate.error.actor.saveItem') || !step.before?.matches('saving')) return;
        expect(step.after.context.values).toEqual(step.before.context.values);
        expect(step.after.context.errors).toEqual(serverRefusal.fields);
        expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: `errors.http.${serverRefusal.code}` }]);
        expect(calls(step, 'reportSaved')).toEqual([]);
      },
      'a load that ends keeps every field typed while it ran': (step) => {
        if (!settled(step, 'xstate.done.actor.loadItem') || !step.before?.matches('loading')) return;
        const { values, initial } = step.before.context;
        const typed = Object.keys(values).filter((field) => values[field] !== initial[field]);
        for (const field of typed) expect(step.after.context.values[field]).toEqual(values[field]);
        // Fields not typed open with the item's values.
        expect(step.after.context.values.description).toBe('');
      },
      'suggested values change only fields the form has': (step) => {
        if (!settled(step, 'xstate.done.actor.fillValues') || !step.before?.matches('filling')) return;
        const before = step.before.context.values;
        const after = step.after.context.values;
        expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
        for (const key of Object.keys(after)) if (!(key in suggested)) expect(after[key]).toEqual(before[key]);
      },
    },
  });
}

describe('models together', () => coverage.expectAllExercised());

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

  it('a change of a list input clears its own errors and those of its rows, not its neighbours', () => {
    const { machine } = stubbed();
    // Errors stay on the paths the server names (a list input's rows).
    const definition = { ...sampleGateForm, fieldOf: (path: string) => path };
    const actor = replay(machine, { ...existing, definition }, [
      { type: 'xstate.done.actor.loadItem', output: sampleGate } as unknown as EntityFormEvent,
    ]);
    actor.send({ type: 'field.change', field: 'name', value: 'South gate' });
    actor.send({ type: 'form.submit' });
    const errors = {
      'floors.0.floor': { code: 'not_unique' },
      'floors.1.ports': { code: 'range' },
      floorsmore: { code: 'required' },
      name: { code: 'not_unique' },
    };
    actor.send({ type: 'xstate.error.actor.saveItem', error: { ...serverRefusal, fields: errors } } as never);
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(
      ['floors.0.floor', 'floors.1.ports', 'floorsmore', 'name'].sort(),
    );
    actor.send({ type: 'field.change', field: 'floors', value: [] });
    expect(actor.getSnapshot().context.errors).toEqual({
      floorsmore: { code: 'required' },
      name: { code: 'not_unique' },
    });
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

describe('typing before the item arrives', () => {
  it('keeps what was typed when a slow load ends; the other fields open with the item, the form is dirty', () => {
    const actor = replay(stubbed().machine, existing, [
      { type: 'field.change', field: 'name', value: 'Typed early' },
      { type: 'xstate.done.actor.loadItem', output: sampleGate } as unknown as EntityFormEvent,
    ]);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values.name).toBe('Typed early');
    expect(actor.getSnapshot().context.values.description).toBe('');
    expect(actor.getSnapshot().context.initial.name).toBe('North gate');
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().context.values.name).toBe('North gate');
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
