import type { FastifyInstance } from 'fastify';
import { elevatorControllersEntity, elevatorsEntity } from '../../../src/contract/entities/elevator';
import { elevatorEventsEntity } from '../../../src/contract/entities/elevator-event';
import { hasPermission } from '../../../src/contract/permissions';
import { ELEVATOR_EVENTS_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { EVENT_CONDITIONS } from '../../domain/devices/device-events';
import {
  ELEVATOR_EVENT_COLUMNS,
  ELEVATOR_EVENT_EXPORT_COLUMNS,
  ELEVATOR_EVENT_RELATIONS,
  scopedElevatorEvents,
  selectElevatorEvents,
  toElevatorEvents,
} from '../../domain/elevators/elevator-events';
import { createElevator, deleteElevators, updateElevator } from '../../domain/elevators/elevator-writes';
import {
  CONTROLLER_COLUMNS,
  CONTROLLER_RELATIONS,
  type ControllerRow,
  ELEVATOR_COLUMNS,
  ELEVATOR_RELATIONS,
  freeForCondition,
  scopedControllers,
  scopedElevators,
  selectControllers,
  selectElevators,
  toControllerOptions,
  toElevators,
} from '../../domain/elevators/elevators';
import { callLift, elevatorFloors } from '../../domain/elevators/lift-call';
import { projectFeatures } from '../../domain/project/features';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * Elevators (7.4): the entity, the controller picker, floors, the lift call and the elevator
 * events (list, download) — licensed: the declarations say so.
 */
export async function elevatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // ElevatorEventsAdded (devices/event-ingest.ts): for those who may read the elevator events list.
  const { view, licences = [] } = elevatorEventsEntity.access;
  ctx.realtime.authorize(ELEVATOR_EVENTS_TOPIC, async (auth, rest) => {
    if (rest !== '' || !view.some((p) => hasPermission(auth.role.permissions, p))) return false;
    const licensed = await projectFeatures(ctx.db, auth.projectId);
    return licences.every((f) => licensed[f]);
  });
  registerEntityCalls(app, {
    entity: elevatorsEntity,
    scoped: (auth) => scopedElevators(ctx.db, auth),
    select: selectElevators,
    columns: ELEVATOR_COLUMNS,
    relations: ELEVATOR_RELATIONS,
    idColumn: 'e.id',
    toItems: (rows) => toElevators(ctx.db, ctx.deviceStatus, rows),
    create: (auth, body) => createElevator(ctx.db, auth, body),
    patch: (auth, id, body) => updateElevator(ctx.db, auth, id, body),
    remove: (_, ids) => deleteElevators(ctx.db, ids),
  });
  registerEntityCalls(app, {
    entity: elevatorControllersEntity,
    scoped: (auth) => scopedControllers(ctx.db, auth),
    select: selectControllers,
    columns: CONTROLLER_COLUMNS,
    relations: CONTROLLER_RELATIONS,
    conditions: { free_for: freeForCondition },
    idColumn: 'd.id',
    toItems: async (rows: ControllerRow[]) => toControllerOptions(ctx.deviceStatus, rows),
  });
  registerEntityCalls(app, {
    entity: elevatorEventsEntity,
    scoped: (auth) => scopedElevatorEvents(ctx.db, auth),
    select: selectElevatorEvents,
    columns: ELEVATOR_EVENT_COLUMNS,
    relations: ELEVATOR_EVENT_RELATIONS,
    conditions: EVENT_CONDITIONS,
    idColumn: 'e.id',
    toItems: async (rows) => toElevatorEvents(rows),
    exportColumns: ELEVATOR_EVENT_EXPORT_COLUMNS,
  });
  registerCall(app, 'GET /elevators/{id}/floors', async ({ params, query }) => ({
    data: await elevatorFloors(ctx.db, params.id, query.mode),
  }));
  registerCall(app, 'POST /elevators/call/{id}', async ({ params, body }) => {
    await callLift(ctx.db, ctx.deviceLink, params.id, body);
    return { data: true as const };
  });
}
