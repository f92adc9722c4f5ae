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
import { usersEntity } from '../entities/user';
import {
  USER_FILE_MAX_BYTES,
  UserExportQuerySchema,
  UserImportFieldsSchema,
  UserImportResultSchema,
} from '../entities/user-transfer';
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
    audit: false,
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
  // A group's users alone (2.5 batch upload, export/import by group): the structure file's Users sheet.
  'POST /domains/{id}/import/users': {
    access: anyOf(['users.create', 'users.edit_all']),
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    multipart: {
      fields: UserImportFieldsSchema,
      files: { file: { maxBytes: USER_FILE_MAX_BYTES, required: true } },
    },
    timeout: 'importExportBackup',
    response: envelope(UserImportResultSchema),
  },
  'GET /domains/{id}/export/users': {
    access: anyOf(usersEntity.access.view),
    params: IdParamsSchema,
    object: { entity: 'domains', action: 'view' },
    query: UserExportQuerySchema,
    timeout: 'importExportBackup',
    file: 'spreadsheet',
    response: v.blob(),
  },
  ...entityCalls(domainTypesEntity),
});
