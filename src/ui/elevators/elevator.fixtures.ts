import { defaultDeviceSettings } from '../../contract/entities/device';
import type { Elevator } from '../../contract/entities/elevator';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { elevatorForm } from './elevator-form';

const lift = defaultDeviceSettings().lift_controller;
const liftWith = (floors: number[]) => ({
  ...lift,
  enabled: true,
  settings: { ...lift.settings, device_mode: 'call-up-down' as const },
  floor_map: floors.map((floor) => ({
    floor,
    name: floor === 1 ? 'Lobby' : null,
    is_public: false,
    is_panel_floor: floor === 1,
    apartments: floor === 1 ? [] : [`${floor}01`, `${floor}02`],
    ports: [floor],
  })),
});

export const sampleElevators: Elevator[] = [
  {
    id: 1,
    name: 'Lift A',
    domain_id: 2,
    domain: { id: 2, name: 'Building A' },
    devices: [
      {
        id: 4,
        name: 'Lift controller',
        serial_number: 'GH-DEMO-LIFT-A',
        device_info: { status: 'online' },
        lift_controller: liftWith([1, 2, 3, 4]),
      },
    ],
    hasAccessModeController: true,
    elevator_access_rules: [],
    created_at: '2026-03-02T09:00:00.000Z',
    created_by_user: null,
  },
  {
    id: 2,
    name: 'Service lift',
    domain_id: 2,
    domain: { id: 2, name: 'Building A' },
    devices: [
      {
        id: 9,
        name: 'Service controller',
        serial_number: 'LC-0009',
        device_info: { status: 'offline' },
        lift_controller: liftWith([1, 2]),
      },
    ],
    hasAccessModeController: true,
    elevator_access_rules: [],
    created_at: '2026-03-03T09:00:00.000Z',
    created_by_user: null,
  },
];

/** Snapshots of the elevators list and page for stories and tests. */
export const elevatorFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleElevators as unknown as ListRow[], total: 2, lastPage: 1, defaultSort: ['name'] },
    ),
  },
  form: {
    creating: entityFormSnapshot(elevatorForm, 'editing'),
    editing: entityFormSnapshot(elevatorForm, 'editing', { item: sampleElevators[0]! }),
    /** The controller is already another elevator's. */
    linked: entityFormSnapshot(elevatorForm, 'editing', {
      values: { name: 'Lift B', domain: { id: 2, name: 'Building A' }, devices: [{ id: 4, name: 'Lift controller' }] },
      errors: { devices: { code: 'not_unique' } },
      failure: { code: 'controller already linked to another elevator', status: 400 },
    }),
  },
};
