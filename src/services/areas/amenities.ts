import * as v from 'valibot';
import { type EventFromLogic, fromCallback, fromPromise } from 'xstate';
import {
  type Amenity,
  AmenityCreateSchema,
  AmenityPatchSchema,
  amenitiesEntity,
} from '../../contract/entities/amenity';
import { amenityReservationsEntity } from '../../contract/entities/amenity-reservation';
import {
  AMENITIES_TOPIC,
  AmenityReservationChangedEventSchema,
  AmenityStateChangedEventSchema,
} from '../../contract/realtime';
import { amenityReservationMachine } from '../../machines/amenity-reservation/amenity-reservation.machine';
import type { AmenityReservationEvent } from '../../machines/amenity-reservation/amenity-reservation.types';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import type { Http } from '../http';
import type { TopicLive } from '../topic-live';
import { defineArea } from './area';

/**
 * A file field of the amenity form (section 3 `files`: originalUrl, url, action, file): what is
 * stored (`none`), a file chosen on this computer to upload when the amenity is saved (`upload`),
 * or the stored one to remove (`delete`).
 */
export interface AmenityFileChoice {
  originalUrl: string | null;
  url: string | null;
  action: 'none' | 'upload' | 'delete';
  file: Blob | null;
  name: string | null;
}
export type AmenityFileChoices = { image: AmenityFileChoice; terms_of_use: AmenityFileChoice };

const isChoices = (value: unknown): value is AmenityFileChoices =>
  typeof value === 'object' && value !== null && 'image' in value && 'terms_of_use' in value;

/** Uploads or deletes the files the form changed, after the amenity is saved; answers the item after the last. */
export async function applyAmenityFiles(http: Http, id: number, files: AmenityFileChoices | undefined) {
  let item: Amenity | null = null;
  const params = { params: { id } };
  const image = files?.image;
  if (image?.action === 'upload' && image.file) {
    const multipart = { fields: {}, files: { image: { blob: image.file, name: image.name ?? 'image' } } };
    item = (await http.call('POST /amenities/{id}/image', { ...params, multipart })).data;
  } else if (image?.action === 'delete') item = (await http.call('DELETE /amenities/{id}/image', params)).data;
  const terms = files?.terms_of_use;
  if (terms?.action === 'upload' && terms.file) {
    const multipart = { fields: {}, files: { file: { blob: terms.file, name: terms.name ?? 'terms-of-use.pdf' } } };
    item = (await http.call('POST /amenities/{id}/terms-of-use', { ...params, multipart })).data;
  } else if (terms?.action === 'delete') item = (await http.call('DELETE /amenities/{id}/terms-of-use', params)).data;
  return item;
}

/** The reservations list hears AMENITIES_TOPIC while shown: a reservation changed (or the line came back) → refresh. */
export function liveReservations(topics: TopicLive) {
  return fromCallback<EventFromLogic<EntityListMachine>>(({ sendBack }) =>
    topics.listen(AMENITIES_TOPIC, (event) => {
      if (event.type === 'feed.resync' || v.is(AmenityReservationChangedEventSchema, event.data)) {
        sendBack({ type: 'list.refresh' });
      }
    }),
  );
}

/** The day shown in the booking flow hears its own changes: AmenityStateChanged of its amenity and date. */
export function liveDay(topics: TopicLive) {
  return fromCallback<AmenityReservationEvent, { amenityId: number; date: string }>(({ sendBack, input }) =>
    topics.listen(AMENITIES_TOPIC, (event) => {
      if (event.type === 'feed.resync') sendBack({ type: 'day.changed' });
      else if (
        v.is(AmenityStateChangedEventSchema, event.data) &&
        event.data.amenity_id === input.amenityId &&
        event.data.date === input.date
      ) {
        sendBack({ type: 'day.changed' });
      }
    }),
  );
}

/**
 * Amenities and reservations (7.7): the amenity entity (its files uploaded or removed once it is
 * saved), the reservations list (refreshed live), the booking flow (`amenityReservation`, the
 * day live over realtime), a reservation's QR (a loader answering an object URL) and its log.
 */
export const amenitiesArea = defineArea('amenities', ({ http, showAlert, kit, topics }) => ({
  entities: {
    amenities: kit(amenitiesEntity, {
      saveItem: async (client, { id, body }) => {
        const { files, ...rest } = body as Record<string, unknown>;
        const choices = isChoices(files) ? files : undefined;
        if (id === null) {
          const created = await client.create(v.parse(AmenityCreateSchema, rest));
          await applyAmenityFiles(http, created, choices);
          return { id: created, item: null };
        }
        const patched = await client.patch(id, v.parse(AmenityPatchSchema, rest));
        return { id, item: (await applyAmenityFiles(http, id, choices)) ?? patched };
      },
    }),
    amenityReservations: kit(amenityReservationsEntity, { changes: liveReservations(topics) }),
  },
  machines: {
    amenityReservation: amenityReservationMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        loadReservation: fromPromise(
          async ({ input }) => (await http.call('GET /amenities/reservations/{id}', { params: { id: input.id } })).data,
        ),
        loadDay: fromPromise(
          async ({ input }) =>
            (
              await http.call('GET /amenities/{id}/state', {
                params: { id: input.amenityId },
                searchParams: { date: input.date, user_offset: String(input.userOffset) },
              })
            ).data,
        ),
        saveReservation: fromPromise(async ({ input }) => {
          if (input.id === null)
            return { id: (await http.call('PUT /amenities/reservations', { body: input.body })).data };
          await http.call('PATCH /amenities/reservations/{id}', { params: { id: input.id }, body: input.body });
          return { id: input.id };
        }),
        cancelReservation: fromPromise(
          async ({ input }) =>
            (await http.call('POST /amenities/reservations/{id}/cancel', { params: { id: input.id } })).data,
        ),
        dayLive: liveDay(topics),
      },
    }),
    reservationQr: (id: number) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(async () => {
            const file = await http.callFile('GET /amenities/reservations/{id}/qr', { params: { id } });
            return URL.createObjectURL(file.blob);
          }),
        },
      }),
    reservationLogs: (id: number) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(
            async () => (await http.call('GET /amenities/reservations/{id}/logs', { params: { id } })).data,
          ),
        },
      }),
  },
}));
