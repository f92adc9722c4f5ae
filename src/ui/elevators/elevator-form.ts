import { type Elevator, ElevatorCreateSchema, ElevatorPatchSchema } from '../../contract/entities/elevator';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the elevator page edits. */
export interface ElevatorValues extends FormValues {
  name: string;
  /** Section 5: one group. */
  domain: ListRow | null;
  /** Section 5: at least one lift controller (with a floor map, in no other elevator). */
  devices: ListRow[];
}

/** The elevator form (section 3, 5): the group and controllers as rows, sent as ids. */
export const elevatorForm: EntityFormDefinition<ElevatorValues, Elevator> = {
  empty: () => ({ name: '', domain: null, devices: [] }),
  fromItem: (elevator) => ({
    name: elevator.name,
    domain: elevator.domain,
    devices: elevator.devices.map((d) => ({ id: d.id, name: d.name, serial_number: d.serial_number })),
  }),
  kinds: { name: 'requiredText', domain: 'raw', devices: 'raw' },
  finish: ({ domain, devices, ...body }) => ({
    ...body,
    domain_id: (domain as ListRow | null)?.id,
    devices: (devices as ListRow[]).map((row) => row.id),
  }),
  schemas: { create: ElevatorCreateSchema, patch: ElevatorPatchSchema },
  // domain_id → the group picker; devices.N (a controller without a floor map, or linked elsewhere) → the controllers.
  fieldOf: (path) => (path === 'domain_id' ? 'domain' : (path.split('.')[0] ?? path)),
};
