import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { elevatorControllersEntity, elevatorsEntity } from '../../contract/entities/elevator';
import { elevatorEventsEntity } from '../../contract/entities/elevator-event';
import { ELEVATOR_EVENTS_TOPIC, ElevatorEventsAddedEventSchema } from '../../contract/realtime';
import { liftCallMachine } from '../../machines/lift-call/lift-call.machine';
import { refreshOn } from '../topic-live';
import { defineArea } from './area';

/**
 * Elevators (7.4): the entity, the lift controllers its form picks, the lift call dialog and the
 * elevator events (live: ElevatorEventsAdded on `private-elevator-events` reloads the list).
 */
export const elevatorsArea = defineArea('elevators', ({ http, showAlert, kit, topics }) => ({
  entities: {
    elevators: kit(elevatorsEntity),
    elevatorControllers: kit(elevatorControllersEntity),
    elevatorEvents: kit(elevatorEventsEntity, {
      changes: refreshOn(topics, ELEVATOR_EVENTS_TOPIC, (data) => v.is(ElevatorEventsAddedEventSchema, data)),
    }),
  },
  machines: {
    liftCall: liftCallMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        loadFloors: fromPromise(
          async ({ input }) => (await http.call('GET /elevators/{id}/floors', { params: { id: input.id } })).data,
        ),
        callLift: fromPromise(async ({ input }) =>
          http.call('POST /elevators/call/{id}', { params: { id: input.id }, body: input.body }),
        ),
      },
    }),
  },
}));
