import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema } from '../call';
import {
  INTEGRATION_CERTIFICATE_UPLOAD,
  INTEGRATION_WRITERS,
  IntegrationCamerasAnswerSchema,
  IntegrationCreateSchema,
  IntegrationKindSchema,
  IntegrationMacrosAnswerSchema,
  IntegrationSchema,
  IntegrationUpdateSchema,
  integrationsEntity,
} from '../entities/integration';
import { entityCalls } from '../entity';
import { CreatedSchema, ListSearchSchema } from '../filters';

const viewers = anyOf(integrationsEntity.access.view);
const writers = anyOf(INTEGRATION_WRITERS);

/**
 * Integrations (7.8): available, items, {id}, create and update by POST (7.1), delete,
 * the macros and cameras of an external video platform integration (by id, as pages with
 * name search like every picker), and its certificate file (multipart). Project level
 * needs change-project-settings, group level the group permissions of 6.3: the writers
 * and the entity's object rule check which one an integration or a body is.
 */
export const INTEGRATION_CALLS = defineCalls({
  ...entityCalls(integrationsEntity),
  'GET /integrations/available': { access: viewers, response: envelope(v.array(IntegrationKindSchema)) },
  'POST /integrations': { access: writers, body: IntegrationCreateSchema, response: CreatedSchema },
  'POST /integrations/{id}': {
    access: writers,
    params: IdParamsSchema,
    object: { entity: 'integrations', action: 'edit' },
    body: IntegrationUpdateSchema,
    response: envelope(IntegrationSchema),
  },
  'POST /integrations/{id}/certificate': {
    access: writers,
    params: IdParamsSchema,
    object: { entity: 'integrations', action: 'edit' },
    multipart: INTEGRATION_CERTIFICATE_UPLOAD,
    response: envelope(IntegrationSchema),
  },
  'DELETE /integrations/{id}/certificate': {
    access: writers,
    params: IdParamsSchema,
    object: { entity: 'integrations', action: 'edit' },
    response: envelope(IntegrationSchema),
  },
  'GET /integrations/{id}/macros': {
    access: viewers,
    params: IdParamsSchema,
    object: { entity: 'integrations', action: 'view' },
    query: ListSearchSchema,
    response: IntegrationMacrosAnswerSchema,
  },
  'GET /integrations/{id}/cameras': {
    access: viewers,
    params: IdParamsSchema,
    object: { entity: 'integrations', action: 'view' },
    query: ListSearchSchema,
    response: IntegrationCamerasAnswerSchema,
  },
});
