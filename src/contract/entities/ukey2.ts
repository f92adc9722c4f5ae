import * as v from 'valibot';
import { NAME_LENGTH } from '../constants';
import { defineEntity } from '../entity';
import { IdSchema } from '../ids';

/**
 * UKEY2 (doc 1 §2.1 /ukey2 "view only, reached by id", §3 Mobile client `ukey2`; doc 2 §6.2
 * ukey2.view / issue / revoke, §7.5 "/ukey2/items and /ukey2/{id}, fetch only", §8.2 "UKEY2
 * cannot be deleted"): a mobile key, an identifier of type ukey2 that the server issues to a user
 * (and, where named, one of their mobile clients). It opens what its holder's access rules open.
 * Nothing edits it: it is issued (`POST /ukey2/issue`, ukey2.issue) and revoked for good
 * (`POST /ukey2/{id}/revoke`, ukey2.revoke); it is never deleted. Every call needs the ukey2
 * licence.
 */

const ref = v.object({ id: v.number(), name: v.string() });

export const Ukey2Schema = v.object({
  id: v.number(),
  name: v.nullable(v.string()),
  /** The key's number, stored in decimal; `value_hex` the same in hex. */
  value: v.string(),
  value_hex: v.nullable(v.string()),
  owner: v.nullable(ref),
  /** The mobile client it was issued to (kept after a revoke). */
  mobile_client: v.nullable(v.object({ id: v.number(), platform: v.string(), info: v.nullable(v.string()) })),
  is_active: v.boolean(),
  revoked: v.boolean(),
  revoked_at: v.nullable(v.string()),
  /** When and by whom it was issued. */
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type Ukey2 = v.InferOutput<typeof Ukey2Schema>;

/**
 * POST /ukey2/issue: a new key for a user, or for one of their mobile clients (which must not
 * hold a usable key already). `name` labels it (default: the client's platform, else "UKEY2").
 */
export const Ukey2IssueSchema = v.object({
  user_id: IdSchema,
  mobile_client_id: v.optional(v.nullable(IdSchema), null),
  name: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(NAME_LENGTH.max),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  ),
});
export type Ukey2Issue = v.InferOutput<typeof Ukey2IssueSchema>;

const ReadOnlySchema = v.object({});

export const ukey2Entity = defineEntity({
  name: 'ukey2',
  path: '/ukey2',
  access: { view: ['ukey2.view'], licences: ['ukey2'] },
  item: Ukey2Schema,
  create: ReadOnlySchema,
  patch: ReadOnlySchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    value: { kind: 'text', sortable: true, filterable: true },
    owner: { kind: 'relation', filterable: true },
    revoked: { kind: 'boolean', filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
  },
  search: ['value', 'name', 'owner_name'],
  with: [],
  defaultSort: ['-created_at'],
});
