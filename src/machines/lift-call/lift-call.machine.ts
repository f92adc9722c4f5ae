import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { LiftCallDirection } from '../../contract/constants';
import type { ElevatorFloor, LiftCall } from '../../contract/entities/elevator';
import type { CallFailure } from '../session/session.types';

/** The elevator a call dialog is for. */
export interface LiftTarget {
  id: number;
  name: string;
}

export interface LiftCallContext {
  /** The elevator of the open dialog; null while closed. */
  elevator: LiftTarget | null;
  /** Its floors (GET /elevators/{id}/floors), once loaded. */
  floors: ElevatorFloor[];
  floor: number | null;
  apartment: string | null;
  direction: LiftCallDirection | null;
  /** Why loading the floors or the last call failed (offline controller, floor not on the map, …). */
  failure: CallFailure | null;
}

export type LiftCallEvent =
  | { type: 'dialog.open'; elevator: LiftTarget }
  | { type: 'dialog.close' }
  | { type: 'floors.retry' }
  | { type: 'floor.change'; floor: number | null }
  | { type: 'apartment.change'; apartment: string | null }
  | { type: 'direction.change'; direction: LiftCallDirection | null }
  | { type: 'call.submit' }
  | { type: 'call.again' };

type AlertParams = { kind: 'success'; code: string; params: { name: string } };

const closedContext: LiftCallContext = {
  elevator: null,
  floors: [],
  floor: null,
  apartment: null,
  direction: null,
  failure: null,
};

/**
 * The lift call dialog (7.4 POST /elevators/call/{id}): closed → loading the elevator's floors →
 * editing (floor, apartment on it, direction) → calling → called (the controller took it) or
 * failed (the server's reason: controller offline, floor or apartment not on the map). A change
 * in failed goes back to editing; a new call from called starts from the same choices.
 */
export const liftCallMachine = setup({
  types: { context: {} as LiftCallContext, events: {} as LiftCallEvent },
  actors: {
    loadFloors: fromPromise<ElevatorFloor[], { id: number }>(() => new Promise(() => {})),
    callLift: fromPromise<unknown, { id: number; body: LiftCall }>(() => new Promise(() => {})),
  },
  guards: {
    hasFloor: ({ context }) => context.floor !== null,
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    open: assign((_, params: { elevator: LiftTarget }) => ({ ...closedContext, elevator: params.elevator })),
    close: assign(() => closedContext),
    setFloors: assign((_, params: { floors: ElevatorFloor[] }) => ({ floors: params.floors })),
    setFloor: assign((_, params: { floor: number | null }) => ({ floor: params.floor, apartment: null })),
    setApartment: assign((_, params: { apartment: string | null }) => ({ apartment: params.apartment })),
    setDirection: assign((_, params: { direction: LiftCallDirection | null }) => ({ direction: params.direction })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'liftCall',
  context: closedContext,
  initial: 'closed',
  on: {
    'dialog.close': { target: '.closed', actions: 'close' },
  },
  states: {
    closed: {
      on: {
        'dialog.open': {
          target: 'loading',
          actions: { type: 'open', params: ({ event }) => ({ elevator: event.elevator }) },
        },
      },
    },
    loading: {
      invoke: {
        id: 'loadFloors',
        src: 'loadFloors',
        // Only `dialog.open` leads here, and it sets the elevator.
        input: ({ context }) => ({ id: (context.elevator as LiftTarget).id }),
        onDone: {
          target: 'editing',
          actions: { type: 'setFloors', params: ({ event }) => ({ floors: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    loadFailed: {
      on: { 'floors.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    editing: {
      on: {
        'floor.change': { actions: { type: 'setFloor', params: ({ event }) => ({ floor: event.floor }) } },
        'apartment.change': {
          actions: { type: 'setApartment', params: ({ event }) => ({ apartment: event.apartment }) },
        },
        'direction.change': {
          actions: { type: 'setDirection', params: ({ event }) => ({ direction: event.direction }) },
        },
        'call.submit': { guard: 'hasFloor', target: 'calling' },
      },
    },
    calling: {
      invoke: {
        id: 'callLift',
        src: 'callLift',
        input: ({ context }) => ({
          id: (context.elevator as LiftTarget).id,
          body: { floor: context.floor as number, apartment: context.apartment, direction: context.direction },
        }),
        onDone: {
          target: 'called',
          actions: {
            type: 'alert',
            params: ({ context }) => ({
              kind: 'success' as const,
              code: 'elevators:call.done',
              params: { name: (context.elevator as LiftTarget).name },
            }),
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    called: {
      on: { 'call.again': 'editing' },
    },
    failed: {
      on: {
        'floor.change': {
          target: 'editing',
          actions: ['clearFailure', { type: 'setFloor', params: ({ event }) => ({ floor: event.floor }) }],
        },
        'apartment.change': {
          target: 'editing',
          actions: ['clearFailure', { type: 'setApartment', params: ({ event }) => ({ apartment: event.apartment }) }],
        },
        'direction.change': {
          target: 'editing',
          actions: ['clearFailure', { type: 'setDirection', params: ({ event }) => ({ direction: event.direction }) }],
        },
        'call.submit': { target: 'calling', actions: 'clearFailure' },
      },
    },
  },
});

export type LiftCallMachine = typeof liftCallMachine;
