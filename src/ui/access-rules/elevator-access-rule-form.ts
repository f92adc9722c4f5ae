import {
  type ElevatorAccessRule,
  ElevatorAccessRuleCreateSchema,
  ElevatorAccessRulePatchSchema,
} from '../../contract/entities/elevator-access-rule';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the elevator access rule page edits. */
export interface ElevatorAccessRuleValues extends FormValues {
  name: string;
  description: string;
  users: ListRow[];
  elevators: ListRow[];
  /** The chosen floors of each elevator, by elevator id. */
  floors: Record<string, number[]>;
}

/**
 * The elevator access rule form (section 3, 5): elevators with their chosen floors; only
 * elevators with at least one floor are sent (none left: the server says `elevator_required`).
 */
export const elevatorAccessRuleForm: EntityFormDefinition<ElevatorAccessRuleValues, ElevatorAccessRule> = {
  empty: () => ({ name: '', description: '', users: [], elevators: [], floors: {} }),
  fromItem: (rule) => ({
    name: rule.name,
    description: rule.description ?? '',
    users: rule.users,
    elevators: rule.elevators.map((e) => ({ id: e.id, name: e.name })),
    floors: Object.fromEntries(rule.elevators.map((e) => [String(e.id), e.floors])),
  }),
  kinds: { name: 'requiredText', description: 'text', users: 'raw', elevators: 'raw' },
  finish: (body, _mode, values) => ({
    ...body,
    users: values.users.map((row) => row.id),
    elevators: values.elevators
      .map((row) => ({ id: row.id, floors: [...(values.floors[String(row.id)] ?? [])].sort((a, b) => a - b) }))
      .filter((e) => e.floors.length > 0),
  }),
  schemas: { create: ElevatorAccessRuleCreateSchema, patch: ElevatorAccessRulePatchSchema },
  // elevators.N.floors.M (not on the floor map) → the elevators.
};
