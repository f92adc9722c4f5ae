import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { SlotPiece } from '../../contract/amenity-slots';
import type { AmenityState } from '../../contract/entities/amenity';
import type { Reservation } from '../../contract/entities/amenity-reservation';
import type { CallFailure } from '../session/session.types';
import {
  canSubmit,
  fromReservation,
  isCancelable,
  isConflict,
  isEditable,
  keepOffered,
  saveInput,
  toggleSlot,
} from './amenity-reservation.rules';
import type {
  AmenityRef,
  AmenityReservationContext,
  AmenityReservationEvent,
  AmenityReservationInput,
  HolderRef,
  SaveInput,
} from './amenity-reservation.types';

type AlertParams = { kind: 'success'; code: string; params?: Record<string, string> };

/**
 * The `amenityReservation` actor (the product design names it; 7.7): a booking is made in
 * steps — choosingAmenity → choosingDate → loadingDay (the amenity's state that date) →
 * day.choosing (slots and persons, the day live over realtime: a change elsewhere reads it again)
 * → day.confirming → day.saving → reserved. A refusal because someone took the places meanwhile
 * (409 "no free places") reads the day again and returns to choosing with the fresh state and a
 * message (`conflict`); any other refusal of 8.2 returns to choosing with its message. A stored
 * reservation opens in loadingReservation: a reserved one is edited the same way, any other is
 * viewing (read only); cancelling asks first (confirmingCancel → cancelling → canceled).
 */
export const amenityReservationMachine = setup({
  types: {
    context: {} as AmenityReservationContext,
    events: {} as AmenityReservationEvent,
    input: {} as AmenityReservationInput,
  },
  actors: {
    loadReservation: fromPromise<Reservation, { id: number }>(() => new Promise(() => {})),
    loadDay: fromPromise<AmenityState, { amenityId: number; date: string; userOffset: number }>(
      () => new Promise(() => {}),
    ),
    saveReservation: fromPromise<{ id: number }, SaveInput>(() => new Promise(() => {})),
    cancelReservation: fromPromise<Reservation, { id: number }>(() => new Promise(() => {})),
    /** Listens for changes of the day's places (AmenityStateChanged of this amenity and date) → `day.changed`. */
    dayLive: fromCallback<AmenityReservationEvent, { amenityId: number; date: string }>(() => () => {}),
  },
  guards: {
    isEditing: ({ context }) => context.id !== null,
    hasAmenity: ({ context }) => context.amenity !== null,
    isLoadedEditable: (_, params: { reservation: Reservation }) => isEditable(params.reservation),
    isStoredEditable: ({ context }) => isEditable(context.reservation),
    canCancel: ({ context }) => context.id !== null && isCancelable(context.reservation),
    canSubmit: ({ context }) => canSubmit(context),
    isConflict: (_, params: { failure: CallFailure }) => isConflict(params.failure),
  },
  actions: {
    alert: sendTo(
      ({ system }) => system.get('alerts'),
      (_, params: AlertParams) => ({ type: 'alert.show' as const, ...params }),
    ),
    setAmenity: assign((_, params: { amenity: AmenityRef }) => ({
      amenity: params.amenity,
      date: null,
      day: null,
      slots: [],
      failure: null,
      conflict: false,
    })),
    setDate: assign((_, params: { date: string }) => ({ date: params.date, failure: null, conflict: false })),
    setHolder: assign((_, params: { holder: HolderRef | null }) => ({ holder: params.holder, failure: null })),
    setReservation: assign((_, params: { reservation: Reservation }) => ({
      reservation: params.reservation,
      ...fromReservation(params.reservation),
    })),
    setDay: assign(({ context }, params: { day: AmenityState }) => {
      const bounds = params.day.number_of_persons;
      const persons = Math.min(Math.max(context.persons, bounds.min), bounds.max);
      return { day: params.day, slots: keepOffered(context.slots, params.day), persons };
    }),
    toggleSlot: assign(({ context }, params: { slot: SlotPiece }) => ({
      slots: toggleSlot(context, params.slot),
      failure: null,
      conflict: false,
    })),
    setPersons: assign((_, params: { persons: number }) => ({
      persons: params.persons,
      failure: null,
      conflict: false,
    })),
    setFailure: assign((_, params: { failure: CallFailure }) => ({ failure: params.failure })),
    markConflict: assign(() => ({ conflict: true, failure: null })),
    clearFailure: assign({ failure: null, conflict: false }),
    setSaved: assign((_, params: { id: number }) => ({ id: params.id, failure: null, conflict: false })),
    restart: assign(({ context }) => ({
      id: null,
      reservation: null,
      amenity: context.amenity,
      date: null,
      day: null,
      slots: [],
      persons: 1,
      holder: null,
      failure: null,
      conflict: false,
    })),
  },
}).createMachine({
  id: 'amenityReservation',
  context: ({ input }) => ({
    id: input.id,
    reservation: null,
    amenity: input.amenity ?? null,
    date: null,
    day: null,
    slots: [],
    persons: 1,
    holder: null,
    userOffset: input.userOffset,
    failure: null,
    conflict: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isEditing', target: 'loadingReservation' },
        { guard: 'hasAmenity', target: 'choosingDate' },
        { target: 'choosingAmenity' },
      ],
    },
    loadingReservation: {
      invoke: {
        id: 'loadReservation',
        src: 'loadReservation',
        input: ({ context }) => ({ id: context.id as number }),
        onDone: [
          {
            guard: { type: 'isLoadedEditable', params: ({ event }) => ({ reservation: event.output }) },
            target: 'loadingDay',
            actions: { type: 'setReservation', params: ({ event }) => ({ reservation: event.output }) },
          },
          {
            target: 'viewing',
            actions: { type: 'setReservation', params: ({ event }) => ({ reservation: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    loadFailed: {
      on: { 'reservation.retry': { target: 'loadingReservation', actions: 'clearFailure' } },
    },
    viewing: {
      on: { 'reservation.cancel': { guard: 'canCancel', target: 'confirmingCancel', actions: 'clearFailure' } },
    },
    choosingAmenity: {
      on: {
        'amenity.choose': {
          target: 'choosingDate',
          actions: { type: 'setAmenity', params: ({ event }) => ({ amenity: event.amenity }) },
        },
        'holder.choose': { actions: { type: 'setHolder', params: ({ event }) => ({ holder: event.holder }) } },
      },
    },
    choosingDate: {
      on: {
        'date.choose': {
          target: 'loadingDay',
          actions: { type: 'setDate', params: ({ event }) => ({ date: event.date }) },
        },
        'amenity.choose': {
          target: 'choosingDate',
          reenter: true,
          actions: { type: 'setAmenity', params: ({ event }) => ({ amenity: event.amenity }) },
        },
        'holder.choose': { actions: { type: 'setHolder', params: ({ event }) => ({ holder: event.holder }) } },
      },
    },
    loadingDay: {
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({
          amenityId: (context.amenity as AmenityRef).id,
          date: context.date as string,
          userOffset: context.userOffset,
        }),
        onDone: { target: 'day', actions: { type: 'setDay', params: ({ event }) => ({ day: event.output }) } },
        onError: {
          target: 'dayFailed',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    dayFailed: {
      on: {
        'day.retry': { target: 'loadingDay', actions: 'clearFailure' },
        'date.choose': {
          target: 'loadingDay',
          actions: { type: 'setDate', params: ({ event }) => ({ date: event.date }) },
        },
        'amenity.choose': {
          target: 'choosingDate',
          actions: { type: 'setAmenity', params: ({ event }) => ({ amenity: event.amenity }) },
        },
      },
    },
    day: {
      invoke: {
        id: 'dayLive',
        src: 'dayLive',
        input: ({ context }) => ({ amenityId: (context.amenity as AmenityRef).id, date: context.date as string }),
      },
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'slot.toggle': { actions: { type: 'toggleSlot', params: ({ event }) => ({ slot: event.slot }) } },
            'persons.change': {
              actions: { type: 'setPersons', params: ({ event }) => ({ persons: event.persons }) },
            },
            'holder.choose': {
              actions: { type: 'setHolder', params: ({ event }) => ({ holder: event.holder }) },
            },
            'reservation.submit': { guard: 'canSubmit', target: 'confirming', actions: 'clearFailure' },
            'day.changed': 'refreshing',
            'date.choose': {
              target: '#amenityReservation.loadingDay',
              actions: { type: 'setDate', params: ({ event }) => ({ date: event.date }) },
            },
            'amenity.choose': {
              target: '#amenityReservation.choosingDate',
              actions: { type: 'setAmenity', params: ({ event }) => ({ amenity: event.amenity }) },
            },
            'reservation.cancel': {
              guard: 'canCancel',
              target: '#amenityReservation.confirmingCancel',
              actions: 'clearFailure',
            },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshDay',
            src: 'loadDay',
            input: ({ context }) => ({
              amenityId: (context.amenity as AmenityRef).id,
              date: context.date as string,
              userOffset: context.userOffset,
            }),
            onDone: { target: 'choosing', actions: { type: 'setDay', params: ({ event }) => ({ day: event.output }) } },
            // The day shown stays; the next change or the save tells the truth.
            onError: 'choosing',
          },
        },
        confirming: {
          on: {
            'reservation.confirm': 'saving',
            'reservation.back': 'choosing',
          },
        },
        saving: {
          invoke: {
            id: 'saveReservation',
            src: 'saveReservation',
            input: ({ context }) => saveInput(context),
            onDone: {
              target: '#amenityReservation.reserved',
              actions: [
                { type: 'setSaved', params: ({ event }) => ({ id: event.output.id }) },
                {
                  type: 'alert',
                  params: ({ context }) => ({
                    kind: 'success' as const,
                    code: 'amenities:reservation.saved',
                    params: { name: context.amenity?.name ?? '' },
                  }),
                },
              ],
            },
            onError: [
              {
                guard: { type: 'isConflict', params: ({ event }) => ({ failure: event.error as CallFailure }) },
                target: 'conflict',
                actions: 'markConflict',
              },
              {
                target: 'choosing',
                actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
              },
            ],
          },
        },
        /** Someone took the places meanwhile: the day is read again before choosing again. */
        conflict: {
          invoke: {
            id: 'conflictDay',
            src: 'loadDay',
            input: ({ context }) => ({
              amenityId: (context.amenity as AmenityRef).id,
              date: context.date as string,
              userOffset: context.userOffset,
            }),
            onDone: { target: 'choosing', actions: { type: 'setDay', params: ({ event }) => ({ day: event.output }) } },
            onError: 'choosing',
          },
        },
      },
    },
    reserved: {
      on: { 'reservation.new': { target: 'choosingDate', actions: 'restart' } },
    },
    confirmingCancel: {
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': [{ guard: 'isStoredEditable', target: 'day' }, { target: 'viewing' }],
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelReservation',
        src: 'cancelReservation',
        input: ({ context }) => ({ id: context.id as number }),
        onDone: {
          target: 'canceled',
          actions: [
            { type: 'setReservation', params: ({ event }) => ({ reservation: event.output }) },
            'clearFailure',
            { type: 'alert', params: { kind: 'success' as const, code: 'amenities:reservation.canceledAlert' } },
          ],
        },
        // Refused (it started, ended or was cancelled elsewhere): read it again and say why.
        onError: {
          target: 'loadingReservation',
          actions: { type: 'setFailure', params: ({ event }) => ({ failure: event.error as CallFailure }) },
        },
      },
    },
    canceled: {},
  },
});

export type AmenityReservationMachine = typeof amenityReservationMachine;
