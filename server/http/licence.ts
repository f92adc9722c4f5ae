import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LicensedFeatures } from '../../src/contract/entities/server-settings';
import type { Database } from '../db/schema';
import { readFeatures } from '../domain/features';
import { prohibited } from './http-error';

/** The licensed features of a project (all off for an unknown project). */
export async function projectFeatures(db: Kysely<Database>, projectId: number): Promise<LicensedFeatures> {
  const row = await db.selectFrom('projects').select('features').where('id', '=', projectId).executeTakeFirst();
  return readFeatures(row?.features ?? '{}');
}

/**
 * Every authenticated route of the plugin `app` needs these licensed features
 * (6.2: virtual numbers need SIP enabled; trunks need SIP and trunks). An
 * unlicensed project answers 403 `method or action prohibited`, like a missing
 * permission. Call before registering the plugin's routes.
 */
export function requireFeatures(app: FastifyInstance, db: Kysely<Database>, ...features: (keyof LicensedFeatures)[]) {
  app.addHook('preHandler', async (request) => {
    if (!request.auth) return;
    const licensed = await projectFeatures(db, request.auth.projectId);
    if (!features.every((f) => licensed[f])) throw prohibited();
  });
}
