import { readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import { AMENITY_VIEW, amenitiesEntity } from '../../../src/contract/entities/amenity';
import { amenityReservationsEntity, RESERVATION_VIEW } from '../../../src/contract/entities/amenity-reservation';
import { ERROR_CODES } from '../../../src/contract/errors';
import { hasPermission } from '../../../src/contract/permissions';
import { AMENITIES_TOPIC } from '../../../src/contract/realtime';
import type { AppContext } from '../../context';
import { projectZone } from '../../domain/access/schedule/calendar';
import { devicesOfRules } from '../../domain/access/sync/affected';
import { requestAccessSync } from '../../domain/access/sync/request';
import {
  AMENITY_COLUMNS,
  AMENITY_RELATIONS,
  type AmenityAction,
  scopedAmenities,
  selectAmenities,
  toAmenities,
} from '../../domain/amenities/amenities';
import {
  amenityFileDir,
  contentTypeOf,
  deleteAmenityImage,
  deleteAmenityTerms,
  saveAmenityImage,
  saveAmenityTerms,
} from '../../domain/amenities/amenity-files';
import { createAmenity, deleteAmenities, rulesOfAmenities, updateAmenity } from '../../domain/amenities/amenity-writes';
import { announceReservationChange } from '../../domain/amenities/reservation-effects';
import { readLogs } from '../../domain/amenities/reservation-logs';
import {
  cancelReservation,
  createReservation,
  deleteReservations,
  effectiveStatus,
  type ReservationChange,
  updateReservation,
} from '../../domain/amenities/reservation-writes';
import {
  isLive,
  RESERVATION_COLUMNS,
  RESERVATION_RELATIONS,
  type ReservationAction,
  type ReservationRow,
  scopedReservations,
  selectReservations,
  toReservationListItems,
  toReservations,
} from '../../domain/amenities/reservations';
import { bookingZone } from '../../domain/amenities/slot-time';
import { amenityState } from '../../domain/amenities/state';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound, prohibited, refused } from '../../domain/errors';
import { identifierQr } from '../../domain/identifiers/identifier-media';
import { readItem, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/**
 * Amenities and reservations (7.7): the two entities with their scopes of 6.2, the state by
 * date, the amenity's files, cancel, the log and the holder's QR. Every reservation change is
 * followed by the door sync of its amenity and a realtime event (reservation-effects.ts); the
 * status scheduler (app.ts) moves them by time.
 */
export async function amenityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const now = () => ctx.clock.now();
  // AmenityStateChanged / AmenityReservationChanged, to the project, for those who see amenities or reservations.
  const listeners = [...AMENITY_VIEW, ...RESERVATION_VIEW];
  ctx.realtime.authorize(
    AMENITIES_TOPIC,
    (auth, rest) => rest === '' && listeners.some((p) => hasPermission(auth.role.permissions, p)),
  );
  const announce = (change: ReservationChange) =>
    announceReservationChange(ctx, change, {
      onError: (error) => app.log.warn({ err: error }, 'amenity door sync not requested'),
    });
  const syncRules = async (auth: Auth, rules: number[]) => {
    try {
      await requestAccessSync(ctx, auth.projectId, await devicesOfRules(db, rules), ['identifiers']);
    } catch (error) {
      app.log.warn({ err: error }, 'amenity door sync not requested');
    }
  };
  const idsIn = (ids: number[]) => sql<SqlBool>`${sql.join(ids)}`;

  // ---- Amenities ----
  const amenities = {
    entity: amenitiesEntity,
    scoped: (auth: Auth) => scopedAmenities(db, auth, 'view'),
    select: selectAmenities,
    columns: AMENITY_COLUMNS,
    relations: AMENITY_RELATIONS,
    idColumn: 'a.id',
    toItems: (rows: Parameters<typeof toAmenities>[1]) => toAmenities(db, rows),
    permitted: async (auth: Auth, ids: number[], action: AmenityAction) =>
      (
        await scopedAmenities(db, auth, action)
          .select('a.id')
          .where(sql<SqlBool>`a.id in (${idsIn(ids)})`)
          .execute()
      ).map((r) => Number(r.id)),
    create: (auth: Auth, body: Parameters<typeof createAmenity>[2]) => createAmenity(db, auth, body),
    patch: async (auth: Auth, id: number, body: Parameters<typeof updateAmenity>[3]) => {
      const before = await rulesOfAmenities(db, [id]);
      await updateAmenity(db, auth, id, body);
      // Live reservations' QRs now reach other doors: both the old and the new doors learn it.
      if (body.access_rules) await syncRules(auth, [...before, ...(await rulesOfAmenities(db, [id]))]);
    },
    remove: async (_auth: Auth, ids: number[]) => {
      const files = await db
        .selectFrom('amenities')
        .select(['image_path', 'image_original_path', 'terms_path'])
        .where('id', 'in', ids)
        .execute();
      const deleted = await deleteAmenities(db, ids);
      for (const file of files.flatMap((f) => [f.image_path, f.image_original_path, f.terms_path])) {
        if (file) await unlink(join(amenityFileDir(ctx.config.dataDir), file)).catch(() => undefined);
      }
      return deleted;
    },
  };
  registerEntityCalls(app, amenities);
  const amenityItem = async (auth: Auth, id: number) => ({ data: await readItem(amenities, auth, id) });

  const amenityDay = (id: number) =>
    db.selectFrom('amenities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  registerCall(app, 'GET /amenities/{id}/state', async ({ auth, params, query }) => {
    const zone = bookingZone(await projectZone(db, auth.projectId), query.user_offset ?? null);
    return { data: await amenityState(db, await amenityDay(params.id), query.date, zone, now().getTime()) };
  });
  registerCall(app, 'POST /amenities/{id}/image', async ({ auth, params, body }) => {
    const image = body.files.image;
    if (!image) throw itemNotFound();
    await saveAmenityImage(db, ctx.config.dataDir, params.id, image.data, image.filename);
    return amenityItem(auth, params.id);
  });
  registerCall(app, 'DELETE /amenities/{id}/image', async ({ auth, params }) => {
    await deleteAmenityImage(db, ctx.config.dataDir, params.id);
    return amenityItem(auth, params.id);
  });
  registerCall(app, 'POST /amenities/{id}/terms-of-use', async ({ auth, params, body }) => {
    const file = body.files.file;
    if (!file) throw itemNotFound();
    await saveAmenityTerms(db, ctx.config.dataDir, params.id, file.data, file.filename);
    return amenityItem(auth, params.id);
  });
  registerCall(app, 'DELETE /amenities/{id}/terms-of-use', async ({ auth, params }) => {
    await deleteAmenityTerms(db, ctx.config.dataDir, params.id);
    return amenityItem(auth, params.id);
  });
  registerCall(app, 'GET /uploads/amenities/{file}', async ({ params }) => {
    const data = await readFile(join(amenityFileDir(ctx.config.dataDir), params.file)).catch(() => null);
    if (!data) throw itemNotFound();
    return {
      file: { contentType: contentTypeOf(params.file), data, cacheControl: 'public, max-age=31536000, immutable' },
    };
  });

  // ---- Reservations ----
  const stateOf = async (row: ReservationRow) =>
    amenityState(db, await amenityDay(Number(row.amenity_id)), row.date, row.time_zone, now().getTime());
  const reservations = {
    entity: amenityReservationsEntity,
    scoped: (auth: Auth) => scopedReservations(db, auth, 'view'),
    select: selectReservations,
    columns: RESERVATION_COLUMNS,
    relations: RESERVATION_RELATIONS,
    idColumn: 'r.id',
    toItems: (rows: ReservationRow[]) => toReservations(rows, stateOf),
    list: { select: selectReservations, toItems: async (rows: ReservationRow[]) => toReservationListItems(rows) },
    permitted: async (auth: Auth, ids: number[], action: ReservationAction) =>
      (
        await scopedReservations(db, auth, action)
          .select('r.id')
          .where(sql<SqlBool>`r.id in (${idsIn(ids)})`)
          .execute()
      ).map((r) => Number(r.id)),
    create: async (auth: Auth, body: Parameters<typeof createReservation>[2]) => {
      const { id, change } = await createReservation(db, auth, body, now());
      await announce(change);
      return id;
    },
    patch: async (auth: Auth, id: number, body: Parameters<typeof updateReservation>[3]) => {
      await announce(await updateReservation(db, auth, id, body, now()));
    },
    remove: async (auth: Auth, ids: number[]) => {
      const rows = await db
        .selectFrom('amenity_reservations')
        .select(['amenity_id', 'date'])
        .where('id', 'in', ids)
        .execute();
      const deleted = await deleteReservations(db, ids, now());
      await announce({
        projectId: auth.projectId,
        amenityIds: [...new Set(rows.map((r) => Number(r.amenity_id)))],
        days: rows.map((r) => ({ amenity_id: Number(r.amenity_id), date: r.date })),
        reservations: [],
      });
      return deleted;
    },
  };
  registerEntityCalls(app, reservations);

  registerCall(app, 'POST /amenities/reservations/{id}/cancel', async ({ auth, params }) => {
    await announce(await cancelReservation(db, auth, params.id, now()));
    return { data: await readItem(reservations, auth, params.id) };
  });
  registerCall(app, 'GET /amenities/reservations/{id}/logs', async ({ auth, params }) => {
    const me = await db.selectFrom('users').select('locale').where('id', '=', auth.userId).executeTakeFirst();
    return { data: await readLogs(db, params.id, me?.locale ?? 'en') };
  });
  registerCall(app, 'GET /amenities/reservations/{id}/qr', async ({ auth, params }) => {
    const row = await db
      .selectFrom('amenity_reservations')
      .select(['user_id', 'status', 'windows', 'identifier_id'])
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!row) throw itemNotFound();
    // The holder's key: shown to the holder, and to those who may edit the reservation (to hand it on).
    if (row.user_id !== auth.userId && (await reservations.permitted(auth, [params.id], 'edit')).length === 0) {
      throw prohibited();
    }
    if (row.identifier_id === null || !isLive(effectiveStatus(row, now()))) {
      throw refused(ERROR_CODES.viewIdentifierNotAvailable);
    }
    return {
      file: {
        contentType: 'image/png',
        data: await identifierQr(db, Number(row.identifier_id)),
        filename: `reservation-${params.id}.png`,
      },
    };
  });
}
