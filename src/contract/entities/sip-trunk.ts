import * as v from 'valibot';
import { NAME_LENGTH } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { idList } from '../ids';

/**
 * SIP trunks (section 3, 5, 6.2): a connection to an outside SIP provider,
 * used by the groups it is given to. Section 5: at least one group; the
 * outgoing number has no spaces; the termination URI is not this server.
 */
const ref = v.object({ id: v.number(), name: v.string() });

/**
 * A termination URI: `sip:` or `sips:` (optional), an optional `user@`, a host
 * name or IPv4 address (or a bracketed IPv6 one), an optional port, optional
 * `;params`. The server also refuses its own address.
 */
export const TERMINATION_URI_PATTERN =
  /^(?:sips?:)?(?:[^\s@:;]+@)?(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::\d{1,5})?(?:;[^\s]*)?$/;
/** No spaces anywhere (section 5). */
export const NO_SPACES_PATTERN = /^\S+$/;

export const SipTrunkSchema = v.object({
  id: v.number(),
  name: v.string(),
  outgoing_number: v.string(),
  termination_uri: v.string(),
  login: v.nullable(v.string()),
  /** Stored passwords are never sent back (7.9): the form shows a placeholder when one is set. */
  has_password: v.boolean(),
  domains: v.array(ref),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type SipTrunk = v.InferOutput<typeof SipTrunkSchema>;

const entries = {
  name: v.pipe(v.string(), v.trim(), v.minLength(NAME_LENGTH.min), v.maxLength(NAME_LENGTH.max)),
  outgoing_number: v.pipe(v.string(), v.minLength(1), v.maxLength(32), v.regex(NO_SPACES_PATTERN, 'no_spaces')),
  termination_uri: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1),
    v.maxLength(255),
    v.regex(TERMINATION_URI_PATTERN, 'url_or_ip'),
  ),
  login: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(128))),
  /** null: keep the stored password (7.9). */
  password: v.nullable(v.pipe(v.string(), v.minLength(1), v.maxLength(128))),
  /** At least one group (section 5). */
  domains: idList(1),
};

export const SipTrunkCreateSchema = v.object({
  ...entries,
  login: v.optional(entries.login, null),
  password: v.optional(entries.password, null),
});
export type SipTrunkCreate = v.InferOutput<typeof SipTrunkCreateSchema>;
export const SipTrunkPatchSchema = v.partial(v.object(entries));
export type SipTrunkPatch = v.InferOutput<typeof SipTrunkPatchSchema>;

export const sipTrunksEntity = defineEntity({
  name: 'sip_trunks',
  path: '/sip-trunks',
  access: {
    view: [
      'sip_trunks.view_all',
      'sip_trunks.view_domain',
      'sip_trunks.view_descendants',
      'sip_trunks.view_own',
      'self_domain.manage_sip_trunks',
    ],
    create: ['sip_trunks.create', 'self_domain.manage_sip_trunks'],
    edit: ['sip_trunks.edit', 'self_domain.manage_sip_trunks'],
    delete: ['sip_trunks.delete', 'self_domain.manage_sip_trunks'],
    licences: ['sip', 'sip_trunks'],
  },
  item: SipTrunkSchema,
  create: SipTrunkCreateSchema,
  patch: SipTrunkPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    outgoing_number: { kind: 'text', sortable: true, filterable: true },
    termination_uri: { kind: 'text', sortable: true, filterable: true },
    login: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    domains: { kind: 'relation', filterable: true },
  },
  search: ['name', 'outgoing_number', 'termination_uri'],
  with: [],
  defaultSort: ['name'],
});

export const SipTrunkListSchema = listAnswer(SipTrunkSchema);
