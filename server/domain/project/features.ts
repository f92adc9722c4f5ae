import type { Kysely } from 'kysely';
import { type LicensedFeatures, LicensedFeaturesSchema } from '../../../src/contract/entities/server-settings';
import { readJson } from '../../db/json';
import type { Database } from '../../db/schema';

/** Every licensed feature off: what a project without a readable licence gets. */
export const NO_FEATURES: LicensedFeatures = {
  sip: false,
  sip_trunks: false,
  web_dialer: false,
  mobile_app: false,
  ukey2: false,
  elevator: false,
  amenity: false,
  license_plate: false,
  guest_access: false,
};

/** Every licensed feature on. */
export const ALL_FEATURES: LicensedFeatures = Object.fromEntries(
  Object.keys(NO_FEATURES).map((k) => [k, true]),
) as LicensedFeatures;

/** A project's features column, read safely. */
export function readFeatures(text: string): LicensedFeatures {
  return readJson(text, LicensedFeaturesSchema, NO_FEATURES);
}

/** The licensed features of a project (all off for an unknown project). */
export async function projectFeatures(db: Kysely<Database>, projectId: number): Promise<LicensedFeatures> {
  const row = await db.selectFrom('projects').select('features').where('id', '=', projectId).executeTakeFirst();
  return readFeatures(row?.features ?? '{}');
}
