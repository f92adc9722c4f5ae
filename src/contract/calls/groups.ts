import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema } from '../call';
import { domainTypesEntity } from '../entities/domain-type';
import { GroupBranchNodeSchema, GroupSchema, groupsEntity } from '../entities/group';
import {
  BranchQuerySchema,
  CompletelyQuerySchema,
  FloorWithApartmentsSchema,
  GeneratedTreeSchema,
  GenerateRequestSchema,
  GenerateSavedSchema,
  GenerateSaveSchema,
  StructureExportQuerySchema,
  StructureImportFieldsSchema,
  StructureImportResultSchema,
} from '../entities/group-structure';
import { entityCalls } from '../entity';
import { ListSearchSchema, listAnswer } from '../filters';

const view = anyOf(groupsEntity.access.view);
const create = anyOf(groupsEntity.access.create);
export const STRUCTURE_MAX_BYTES = 20 * 1024 * 1024;

/** Groups (7.3): the entity's calls and the tree, branch, generate, import and export calls; group types. */
export const GROUP_CALLS = defineCalls({
  ...entityCalls(groupsEntity),
  'GET /domains/items/completely': {
    access: view,
    query: CompletelyQuerySchema,
    response: envelope(v.array(GroupSchema)),
  },
  // The groups below one group, with the list's filters.
  'GET /domains/{id}/items': {
    access: view,
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    query: ListSearchSchema,
    response: listAnswer(GroupSchema),
  },
  'GET /domains/branch': { access: view, query: BranchQuerySchema, response: envelope(v.array(GroupBranchNodeSchema)) },
  'GET /domains/{id}/floors-and-apartments': {
    access: view,
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    response: envelope(v.array(FloorWithApartmentsSchema)),
  },
  'POST /domains/generate/tree': {
    access: create,
    body: GenerateRequestSchema,
    response: envelope(GeneratedTreeSchema),
  },
  'POST /domains/generate/save': { access: create, body: GenerateSaveSchema, response: envelope(GenerateSavedSchema) },
  'POST /domains/{id}/import/structure': {
    access: create,
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    multipart: {
      fields: StructureImportFieldsSchema,
      files: { file: { maxBytes: STRUCTURE_MAX_BYTES, required: true } },
    },
    timeout: 'importExportBackup',
    response: envelope(StructureImportResultSchema),
  },
  'GET /domains/{id}/export/structure': {
    access: anyOf(['domains.view_all', 'domains.view_descendants', 'domains.view_self']),
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    query: StructureExportQuerySchema,
    timeout: 'importExportBackup',
    file: 'xlsx',
    response: v.blob(),
  },
  ...entityCalls(domainTypesEntity),
});
