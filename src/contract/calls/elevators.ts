import { anyOf, defineCalls, IdParamsSchema, OkSchema } from '../call';
import {
  ElevatorFloorsQuerySchema,
  ElevatorFloorsSchema,
  elevatorControllersEntity,
  elevatorsEntity,
  LiftCallSchema,
} from '../entities/elevator';
import { elevatorEventsEntity } from '../entities/elevator-event';
import { entityCalls } from '../entity';

/** Who sees an elevator (6.2); the elevator licence gates every call (2.4, 6.4). */
const viewers = anyOf(elevatorsEntity.access.view, elevatorsEntity.access.licences);

/**
 * Elevators (7.4): the entity, the lift controllers its form may pick, the floors an elevator
 * serves (`mode=access`: those an access rule may grant), the lift call, and the elevator events
 * (`/elevators/events`: device events of the elevators' controllers, list and download).
 */
export const ELEVATOR_CALLS = defineCalls({
  ...entityCalls(elevatorsEntity),
  ...entityCalls(elevatorControllersEntity),
  ...entityCalls(elevatorEventsEntity),
  'GET /elevators/{id}/floors': {
    access: viewers,
    params: IdParamsSchema,
    object: { entity: 'elevators', action: 'view' },
    query: ElevatorFloorsQuerySchema,
    response: ElevatorFloorsSchema,
  },
  // Decided: whoever sees an elevator may call it (an operator sends the lift to a visitor's floor).
  'POST /elevators/call/{id}': {
    access: viewers,
    params: IdParamsSchema,
    object: { entity: 'elevators', action: 'view' },
    body: LiftCallSchema,
    response: OkSchema,
  },
});
