import * as v from 'valibot';
import { INTEGRATION_CERTIFICATE_MAX_BYTES, NAME_LENGTH } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IdSchema } from '../ids';
import { secret } from '../secrets';

/**
 * Integrations (section 3 "Integration", 6.3, 7.8): a link to an external video platform
 * (a video management system). Its settings name the platform's web server (`url`), the
 * platform user and password the server signs in with, and a certificate file for HTTPS.
 * Without `domain_id` an integration is project level (change-project-settings); with one,
 * it belongs to that group (edit-all, edit-descendant-groups or manage-self-domain
 * integrations). Created and updated by POST (7.1); the password is write-only (7.9).
 *
 * The adapter speaks Axxon One's web server HTTP API (docs/decisions.md "Integrations"):
 * macros (name, guid) and cameras (display_name, access_point) are listed from it, and a
 * device's `integration_axxon` link runs its macro when access is granted at that door.
 */

/** The kinds of integration there are (GET /integrations/available). */
export const INTEGRATION_TYPES = ['axxon'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** The directions of a door's video platform link (device settings `integration_axxon.direction`). */
export const INTEGRATION_DIRECTIONS = ['in', 'out'] as const;

const ref = v.object({ id: v.number(), name: v.string() });

/** The uploaded certificate file, as the console shows it (the PEM itself never leaves the server). */
export const IntegrationCertificateSchema = v.object({
  /** The file's name as uploaded. */
  name: v.string(),
  /** The first certificate's subject and end of validity. */
  subject: v.string(),
  valid_to: v.string(),
  /** The file holds a private key too: the server presents it as its client certificate. */
  has_key: v.boolean(),
});

export const IntegrationSettingsSchema = v.object({
  /** The platform's web server, e.g. `https://vms.example.com:8000/asip-api`. */
  url: v.string(),
  /** The platform user the server signs in as. */
  user: v.nullable(v.string()),
  /** Never sent back (7.9): always null; `has_password` says whether one is stored. */
  password: v.nullable(v.string()),
  has_password: v.boolean(),
  certificate: v.nullable(IntegrationCertificateSchema),
});

export const IntegrationSchema = v.object({
  id: v.number(),
  type: v.picklist(INTEGRATION_TYPES),
  name: v.string(),
  /** null: project level. */
  domain_id: v.nullable(v.number()),
  /** The integration's group, as a list (section 3 "domains"; empty at project level). */
  domains: v.array(ref),
  settings: IntegrationSettingsSchema,
  created_at: v.string(),
  updated_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type Integration = v.InferOutput<typeof IntegrationSchema>;

/** http(s), a host, an optional port and path prefix; no query, fragment or credentials. */
export const INTEGRATION_URL_PATTERN =
  /^https?:\/\/(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::\d{1,5})?(?:\/[^\s?#@]*)?$/i;

const name = v.pipe(v.string(), v.trim(), v.minLength(NAME_LENGTH.min), v.maxLength(NAME_LENGTH.max));
const url = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255), v.regex(INTEGRATION_URL_PATTERN, 'url'));
const user = v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(128)));
/** null: keep the stored password (7.9). */
const password = v.nullable(secret(v.pipe(v.string(), v.minLength(1), v.maxLength(128))));

export const IntegrationCreateSchema = v.object({
  type: v.optional(v.picklist(INTEGRATION_TYPES), 'axxon'),
  name,
  domain_id: v.optional(v.nullable(IdSchema), null),
  settings: v.object({ url, user: v.optional(user, null), password: v.optional(password, null) }),
});
export type IntegrationCreate = v.InferOutput<typeof IntegrationCreateSchema>;

/** An integration keeps its type and its group; its name and settings change. */
export const IntegrationUpdateSchema = v.partial(
  v.object({ name, settings: v.partial(v.object({ url, user, password })) }),
);
export type IntegrationUpdate = v.InferOutput<typeof IntegrationUpdateSchema>;

/** 6.3: with a group, edit-all or edit-descendant groups or the self-domain integrations permission. */
export const INTEGRATION_GROUP_PERMISSIONS = [
  'domains.edit_all',
  'domains.edit_descendants',
  'self_domain.manage_integrations',
] as const;

/** Who may write some integration (6.3); which ones is checked per object. */
export const INTEGRATION_WRITERS = ['project.change_settings', ...INTEGRATION_GROUP_PERMISSIONS] as const;

export const integrationsEntity = defineEntity({
  name: 'integrations',
  path: '/integrations',
  access: {
    // Settings readers see every integration; group editors their groups'; device editors pick one for a door.
    view: ['project.view_settings', ...INTEGRATION_WRITERS, 'devices.create', 'devices.edit'],
    // Created and updated by POST (7.1): those calls are declared in calls/integrations.ts.
    delete: INTEGRATION_WRITERS,
  },
  item: IntegrationSchema,
  create: IntegrationCreateSchema,
  patch: IntegrationUpdateSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    domain_id: { kind: 'number', sortable: true, filterable: true },
  },
  search: ['name'],
  with: [],
  defaultSort: ['name'],
});

/** GET /integrations/available: a kind of integration the server can link to. */
export const IntegrationKindSchema = v.object({ type: v.picklist(INTEGRATION_TYPES), name: v.string() });

/** A macro of the video platform (section 3: name, guid); `id` is its place in the list (pickers). */
export const IntegrationMacroSchema = v.object({ id: v.number(), name: v.string(), guid: v.string() });
export type IntegrationMacro = v.InferOutput<typeof IntegrationMacroSchema>;

/** A camera of the video platform (section 3: display_name, access_point); `name` repeats display_name for pickers. */
export const IntegrationCameraSchema = v.object({
  id: v.number(),
  name: v.string(),
  display_name: v.string(),
  access_point: v.string(),
});
export type IntegrationCamera = v.InferOutput<typeof IntegrationCameraSchema>;

export const IntegrationMacrosAnswerSchema = listAnswer(IntegrationMacroSchema);
export const IntegrationCamerasAnswerSchema = listAnswer(IntegrationCameraSchema);

/** POST /integrations/{id}/certificate: one PEM file. */
export const INTEGRATION_CERTIFICATE_UPLOAD = {
  fields: v.object({}),
  files: { certificate: { maxBytes: INTEGRATION_CERTIFICATE_MAX_BYTES, required: true } },
};
