import type { SnapshotFrom } from 'xstate';
import type { EntityFormDefinition, FormValues } from './entity-form.definition';
import { type EntityFormContext, type EntityFormMachine, entityFormMachine } from './entity-form.machine';
import { sampleGate, sampleGateForm } from './entity-form.sample';

type Value = SnapshotFrom<EntityFormMachine>['value'];

/**
 * A form snapshot for a definition, in a state: entity pages build their own
 * fixtures with it. `values` default to the item's (or the new entity's) values.
 */
export function entityFormSnapshot<V extends FormValues, I>(
  definition: EntityFormDefinition<V, I>,
  value: Value,
  options: { item?: I | null; values?: Partial<V> } & Partial<
    Omit<EntityFormContext, 'definition' | 'values' | 'item'>
  > = {},
) {
  const { item = null, values, ...rest } = options;
  const initial: FormValues = item ? definition.fromItem(item) : definition.empty();
  const id = rest.id !== undefined ? rest.id : item ? (item as unknown as { id: number }).id : null;
  return entityFormMachine.resolveState({
    value,
    context: {
      id,
      definition,
      item,
      values: { ...initial, ...values },
      initial,
      errors: {},
      failure: null,
      readOnly: false,
      mayEdit: true,
      ...rest,
    },
  });
}

const gate = sampleGateForm;

/** One snapshot per reachable state of the sample form, plus the variants the views show differently. */
export const entityFormFixtures = {
  loading: entityFormSnapshot(gate, 'loading', { id: sampleGate.id }),
  failed: entityFormSnapshot(gate, 'failed', { id: sampleGate.id, failure: { code: 'item not found', status: 404 } }),
  creating: entityFormSnapshot(gate, 'editing'),
  editing: entityFormSnapshot(gate, 'editing', { item: sampleGate }),
  dirty: entityFormSnapshot(gate, 'editing', { item: sampleGate, values: { name: 'North gate 2' } }),
  withErrors: entityFormSnapshot(gate, 'editing', {
    item: sampleGate,
    values: { name: '', port: 'eighty' },
    errors: { name: { code: 'required' }, port: { code: 'number' } },
  }),
  /** The server refused a value (e.g. a duplicate): the error sits on its field. */
  withServerError: entityFormSnapshot(gate, 'editing', {
    item: sampleGate,
    values: { name: 'South gate' },
    errors: { name: { code: 'not_unique' } },
    failure: { code: 'value not unique', status: 422, fields: { name: { code: 'not_unique' } } },
  }),
  readOnly: entityFormSnapshot(gate, 'editing', { item: sampleGate, mayEdit: false }),
  saving: entityFormSnapshot(gate, 'saving', { item: sampleGate, values: { name: 'North gate 2' } }),
  /** Waiting for values the server suggests (a generated number and password). */
  filling: entityFormSnapshot(gate, 'filling', { item: sampleGate }),
  saved: entityFormSnapshot(gate, 'saved', { item: sampleGate }),
};
