import type { FastifyInstance } from 'fastify';
import { INTEGRATION_TYPES, integrationsEntity } from '../../../src/contract/entities/integration';
import type { AppContext } from '../../context';
import { parseListQuery } from '../../db/list-sql';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound } from '../../domain/errors';
import {
  createIntegration,
  deleteIntegrations,
  INTEGRATION_COLUMNS,
  integrationCameras,
  integrationMacros,
  permittedIntegrations,
  removeCertificate,
  scopedIntegrations,
  selectIntegrations,
  storeCertificate,
  toIntegration,
  updateIntegration,
} from '../../domain/integrations/integrations';
import { readItem, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

/** The names of the kinds of integration (GET /integrations/available). */
const KIND_NAMES: Record<(typeof INTEGRATION_TYPES)[number], string> = { axxon: 'Axxon One' };

/** Integrations (7.8): the entity (list, item, delete), create and update by POST, the certificate, macros and cameras. */
export async function integrationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const definition = {
    entity: integrationsEntity,
    scoped: (auth: Auth) => scopedIntegrations(db, auth),
    select: selectIntegrations,
    columns: INTEGRATION_COLUMNS,
    idColumn: 'i.id',
    toItems: async (rows: Parameters<typeof toIntegration>[0][]) => rows.map(toIntegration),
    permitted: (auth: Auth, ids: number[]) => permittedIntegrations(db, auth, ids),
    remove: (auth: Auth, ids: number[]) => deleteIntegrations(db, auth, ids),
  };
  registerEntityCalls(app, definition);
  const item = (auth: Auth, id: number) => readItem(definition, auth, id);

  registerCall(app, 'GET /integrations/available', async () => ({
    data: INTEGRATION_TYPES.map((type) => ({ type, name: KIND_NAMES[type] })),
  }));
  registerCall(app, 'POST /integrations', async ({ auth, body }) => ({
    data: await createIntegration(db, auth, body),
  }));
  registerCall(app, 'POST /integrations/{id}', async ({ auth, params, body }) => {
    await updateIntegration(db, auth, params.id, body);
    return { data: await item(auth, params.id) };
  });
  registerCall(app, 'POST /integrations/{id}/certificate', async ({ auth, params, body }) => {
    const file = body.files.certificate;
    if (!file) throw itemNotFound();
    await storeCertificate(db, auth, params.id, file);
    return { data: await item(auth, params.id) };
  });
  registerCall(app, 'DELETE /integrations/{id}/certificate', async ({ auth, params }) => {
    await removeCertificate(db, auth, params.id);
    return { data: await item(auth, params.id) };
  });
  registerCall(app, 'GET /integrations/{id}/macros', async ({ auth, params, query }) =>
    integrationMacros(db, auth, params.id, parseListQuery(integrationsEntity, query)),
  );
  registerCall(app, 'GET /integrations/{id}/cameras', async ({ auth, params, query }) =>
    integrationCameras(db, auth, params.id, parseListQuery(integrationsEntity, query)),
  );
}
