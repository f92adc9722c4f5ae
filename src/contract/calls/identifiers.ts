import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema, PUBLIC } from '../call';
import {
  GuestIdentifierCreateSchema,
  GuestIdentifierPatchSchema,
  IDENTIFIER_FILE_FORMATS,
  IDENTIFIER_FILE_MAX_BYTES,
  IdentifierImportAnswerSchema,
  IdentifierImportContinueSchema,
  IdentifierImportReportSchema,
  IdentifierSchema,
  identifiersEntity,
} from '../entities/identifier';
import { entityCalls } from '../entity';
import { CreatedSchema, ListSearchSchema } from '../filters';
import { AVATAR_MAX_BYTES } from './users';

const viewers = anyOf(identifiersEntity.access.view);
const editors = anyOf(identifiersEntity.access.edit);
const importers = anyOf(['identifiers.import']);
// Guest keys need the guest access licence (2.4, 6.4).
const guests = anyOf(['identifiers.create_guest'], ['guest_access']);

/**
 * Identifiers (7.5): the entity; revoke (final, §4); a face's photo; the QR image of a value;
 * export to xlsx or csv with the list's filters; the import flow (attempt → duplicates → continue
 * with an action and the stored file's `filepath`), with no timeout (7.1); guest PUT and PATCH
 * (guest keys: the guest access area's rules); the Apple Wallet pass of one (`pkpass`, signed with
 * the project's Wallet certificate).
 */
export const IDENTIFIER_CALLS = defineCalls({
  ...entityCalls(identifiersEntity),
  'POST /identifiers/{id}/revoke': {
    access: editors,
    params: IdParamsSchema,
    object: { entity: 'identifiers', action: 'edit' },
    response: envelope(IdentifierSchema),
  },
  'POST /identifiers/{id}/photo': {
    access: editors,
    params: IdParamsSchema,
    object: { entity: 'identifiers', action: 'edit' },
    multipart: { fields: v.object({}), files: { image: { maxBytes: AVATAR_MAX_BYTES, required: true } } },
    response: envelope(IdentifierSchema),
  },
  'GET /identifiers/{id}/qr': {
    access: viewers,
    params: IdParamsSchema,
    object: { entity: 'identifiers', action: 'view' },
    file: 'image',
    response: v.blob(),
  },
  'GET /identifiers/{id}/pkpass': {
    access: viewers,
    params: IdParamsSchema,
    object: { entity: 'identifiers', action: 'view' },
    file: 'pkpass',
    response: v.blob(),
  },
  'GET /identifiers/export': {
    access: anyOf(identifiersEntity.access.export),
    query: v.object({ ...ListSearchSchema.entries, format: v.optional(v.picklist(IDENTIFIER_FILE_FORMATS), 'xlsx') }),
    timeout: 'importExportBackup',
    file: 'spreadsheet',
    response: v.blob(),
  },
  'POST /identifiers/import': {
    access: importers,
    multipart: { fields: v.object({}), files: { file: { maxBytes: IDENTIFIER_FILE_MAX_BYTES, required: true } } },
    timeout: 'none',
    response: envelope(IdentifierImportAnswerSchema),
  },
  'POST /identifiers/import/continue': {
    access: importers,
    body: IdentifierImportContinueSchema,
    timeout: 'none',
    response: envelope(IdentifierImportReportSchema),
  },
  'PUT /identifiers/guest': { access: guests, body: GuestIdentifierCreateSchema, response: CreatedSchema },
  'PATCH /identifiers/guest/{id}': {
    access: guests,
    params: IdParamsSchema,
    object: { entity: 'identifiers', action: 'edit' },
    body: GuestIdentifierPatchSchema,
    response: envelope(IdentifierSchema),
  },
  // Face photos are public by unguessable name, like avatars, so <img> loads them without a token.
  'GET /uploads/identifiers/{file}': {
    access: PUBLIC,
    params: v.object({ file: v.pipe(v.string(), v.regex(/^\d+-[0-9a-f]{16}\.png$/)) }),
    file: 'image',
    response: v.blob(),
  },
});
