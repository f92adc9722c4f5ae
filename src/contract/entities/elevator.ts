import * as v from 'valibot';
import { LIFT_CALL_DIRECTIONS, NAME_LENGTH } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IdSchema, idList } from '../ids';
import { DEVICE_FLOOR_RANGE, DEVICE_STATUSES, DeviceSettingsSchema } from './device';

/**
 * Elevators (section 3, 5, 6.2, 7.4): a lift in a group, driven by one or more lift
 * controllers (devices of type liftcontroller) whose floor maps say which floors it
 * serves. Section 5: an elevator has a controller and a group; each controller has a
 * floor map; a controller belongs to one elevator only (8.2 "controller already linked
 * to another elevator"). The floor map itself is the device's (devices entity).
 */
const ref = v.object({ id: v.number(), name: v.string() });

/** Most controllers one elevator has (decided: a lift with several cars is several elevators). */
export const ELEVATOR_CONTROLLERS_MAX = 8;

/** A controller of an elevator as the item shows it: the device and its lift settings. */
export const ElevatorControllerSchema = v.object({
  id: v.number(),
  name: v.string(),
  serial_number: v.nullable(v.string()),
  device_info: v.object({ status: v.picklist(DEVICE_STATUSES) }),
  lift_controller: DeviceSettingsSchema.entries.lift_controller,
});
export type ElevatorController = v.InferOutput<typeof ElevatorControllerSchema>;

export const ElevatorSchema = v.object({
  id: v.number(),
  name: v.string(),
  domain_id: v.number(),
  domain: ref,
  devices: v.array(ElevatorControllerSchema),
  /** A controller of it has access mode on (its lift controller is enabled): access rules can send it floors. */
  hasAccessModeController: v.boolean(),
  /** Elevator access rules naming it. */
  elevator_access_rules: v.array(ref),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type Elevator = v.InferOutput<typeof ElevatorSchema>;

const entries = {
  name: v.pipe(v.string(), v.trim(), v.minLength(NAME_LENGTH.min), v.maxLength(NAME_LENGTH.max)),
  /** Section 5: an elevator has a group. */
  domain_id: IdSchema,
  /** Section 5: at least one controller (lift controllers with a floor map, linked to no other elevator). */
  devices: idList(1, ELEVATOR_CONTROLLERS_MAX),
};

export const ElevatorCreateSchema = v.object(entries);
export type ElevatorCreate = v.InferOutput<typeof ElevatorCreateSchema>;
export const ElevatorPatchSchema = v.partial(v.object(entries));
export type ElevatorPatch = v.InferOutput<typeof ElevatorPatchSchema>;

const viewers = ['elevators.view', 'elevators.view_all'] as const;

export const elevatorsEntity = defineEntity({
  name: 'elevators',
  path: '/elevators',
  access: {
    view: viewers,
    create: ['elevators.create'],
    edit: ['elevators.edit'],
    delete: ['elevators.delete'],
    // 2.4 and 6.4: elevators are a licensed feature; every call of theirs needs it.
    licences: ['elevator'],
  },
  item: ElevatorSchema,
  create: ElevatorCreateSchema,
  patch: ElevatorPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    domain: { kind: 'relation', filterable: true },
    /** Elevators driven by any of these controllers. */
    devices: { kind: 'relation', filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});

export const ElevatorListSchema = listAnswer(ElevatorSchema);

// ---- The controller picker ----

/** A lift controller an elevator may be given: its group, the elevator it drives (if any), its floors. */
export const ElevatorControllerOptionSchema = v.object({
  id: v.number(),
  name: v.string(),
  serial_number: v.nullable(v.string()),
  domain: v.nullable(ref),
  elevator: v.nullable(ref),
  /** Floors on its floor map (section 5: none means it cannot be an elevator's controller). */
  floors: v.number(),
  device_info: v.object({ status: v.picklist(DEVICE_STATUSES) }),
});
export type ElevatorControllerOption = v.InferOutput<typeof ElevatorControllerOptionSchema>;

/**
 * Lift controllers for the elevator form's picker (`GET /elevators/controllers/items`), read by
 * whoever creates or edits elevators. The computed filter `free_for` = N keeps the controllers
 * linked to no elevator or to elevator N (0: to none).
 */
export const elevatorControllersEntity = defineEntity({
  name: 'elevator_controllers',
  path: '/elevators/controllers',
  listOnly: true,
  access: { view: ['elevators.create', 'elevators.edit'], licences: ['elevator'] },
  item: ElevatorControllerOptionSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    serial_number: { kind: 'text', sortable: true, filterable: true },
    domain: { kind: 'relation', filterable: true },
    free_for: { kind: 'number', filterable: true },
  },
  search: ['name', 'serial_number'],
  with: [],
  defaultSort: ['name'],
});

// ---- Floors and the lift call ----

/** One floor an elevator serves: the floor map entries of its controllers for that floor, merged. */
export const ElevatorFloorSchema = v.object({
  floor: v.number(),
  name: v.nullable(v.string()),
  is_public: v.boolean(),
  is_panel_floor: v.boolean(),
  apartments: v.array(v.string()),
});
export type ElevatorFloor = v.InferOutput<typeof ElevatorFloorSchema>;

/** 7.4 "floors with mode=access": the floors an access rule may grant (public floors are open to all). */
export const ELEVATOR_FLOOR_MODES = ['access'] as const;
export const ElevatorFloorsQuerySchema = v.object({ mode: v.optional(v.picklist(ELEVATOR_FLOOR_MODES)) });
export const ElevatorFloorsSchema = v.object({ data: v.array(ElevatorFloorSchema) });

/** POST /elevators/call/{id} (7.4): call the lift to a floor (an apartment on it), going up or down. */
export const LiftCallSchema = v.object({
  floor: v.pipe(v.number(), v.safeInteger(), v.minValue(DEVICE_FLOOR_RANGE.min), v.maxValue(DEVICE_FLOOR_RANGE.max)),
  apartment: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(16),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  ),
  direction: v.optional(v.nullable(v.picklist(LIFT_CALL_DIRECTIONS)), null),
});
export type LiftCall = v.InferOutput<typeof LiftCallSchema>;
