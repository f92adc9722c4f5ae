import * as v from 'valibot';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { IDENTIFIER_TYPES, PassesRestrictSchema, PeriodRestrictSchema } from './identifier';

/**
 * Guest access (doc 1 §2.1, §3 "Guest key"; doc 2 §7.5, §8.2). A guest key is a guest identifier
 * (owner_type guest, type qr by default) granted with some of the access rules its granter may
 * hand on, a validity period, a pass limit and a message. Its unguessable `key_uid` is the token
 * of the public guest page (`/guest-access/{key_uid}`): whoever holds the link may see the key's
 * state, list the doors it opens (each behind an opaque `device_token`) and open them.
 */

/**
 * A key's state at an instant: `valid` opens doors; `not_yet_valid` before its period, `expired`
 * after it, `pass_limit` once every pass is used. A revoked or inactive key is no key at all
 * (8.2 "invalid identifier") on the public calls; its granter sees `revoked` / `inactive`.
 */
export const GUEST_KEY_STATUSES = ['valid', 'not_yet_valid', 'expired', 'pass_limit', 'revoked', 'inactive'] as const;
export type GuestKeyStatus = (typeof GUEST_KEY_STATUSES)[number];
/** The states a guest sees (the others answer "invalid identifier"). */
export const PUBLIC_GUEST_KEY_STATUSES = ['valid', 'not_yet_valid', 'expired', 'pass_limit'] as const;
export type PublicGuestKeyStatus = (typeof PUBLIC_GUEST_KEY_STATUSES)[number];

/**
 * A key_uid or a door's token as the path may carry them: URL-safe, at most 64 characters. Loose on
 * purpose: a mistyped or truncated link is an "invalid identifier" (a door token "device not
 * found"), said by the server after looking, not a bare 404.
 */
export const KEY_UID = /^[A-Za-z0-9_-]{1,64}$/;
export const DEVICE_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

export const KEY_MESSAGE_MAX = 500;

const ref = v.object({ id: v.number(), name: v.string() });
const passesLeft = v.object({ max: v.number(), used: v.number(), left: v.number() });

/** What the granter sees of a key they granted (`GET /guest-access/keys/{id}`, the list's rows). */
export const GuestKeySchema = v.object({
  id: v.number(),
  name: v.nullable(v.string()),
  type: v.picklist(IDENTIFIER_TYPES),
  value: v.string(),
  guest_type: v.nullable(v.string()),
  /** The token of the guest page's link. */
  key_uid: v.string(),
  key_message: v.nullable(v.string()),
  is_active: v.boolean(),
  period_restrict: PeriodRestrictSchema,
  passes_restrict: PassesRestrictSchema,
  /** The access rules of the key (every one: the granter chose them). */
  access_rules: v.array(ref),
  /** The state now (the list shows it live: validity and passes). */
  status: v.picklist(GUEST_KEY_STATUSES),
  revoked_at: v.nullable(v.string()),
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type GuestKey = v.InferOutput<typeof GuestKeySchema>;

/**
 * `/guest-access/keys`: the keys the caller granted (every guest key of the project with
 * identifiers.view_all). Read and delete here; grant and edit are the identifiers' guest PUT and
 * PATCH (7.5), revoke `POST /guest-access/keys/{id}/revoke`.
 */
export const guestKeysEntity = defineEntity({
  name: 'guest_keys',
  path: '/guest-access/keys',
  access: {
    view: ['identifiers.create_guest'],
    delete: ['identifiers.create_guest'],
    licences: ['guest_access'],
  },
  item: GuestKeySchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    value: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    revoked: { kind: 'boolean', filterable: true },
  },
  search: ['name', 'value'],
  with: [],
  defaultSort: ['-created_at'],
});
export const GuestKeyListSchema = listAnswer(GuestKeySchema);

// ---- The public guest page ----

/** `GET /guest-access/{key_uid}`: the key's state for its guest. */
export const GuestAccessStateSchema = v.object({
  status: v.picklist(PUBLIC_GUEST_KEY_STATUSES),
  name: v.nullable(v.string()),
  message: v.nullable(v.string()),
  /** Who granted it (their name), so the guest knows whom to ask. */
  granted_by: v.nullable(v.string()),
  valid_from: v.nullable(v.string()),
  valid_to: v.nullable(v.string()),
  /** Null when passes are not limited. */
  passes: v.nullable(passesLeft),
});
export type GuestAccessState = v.InferOutput<typeof GuestAccessStateSchema>;

/** One door the key opens: a device's lock, named, behind an opaque token (never an id or serial). */
export const GuestDoorSchema = v.object({
  device_token: v.string(),
  name: v.string(),
  lock: v.number(),
  /** Whether the device is reachable now (an offline door answers "device problem"). */
  online: v.boolean(),
});
export type GuestDoor = v.InferOutput<typeof GuestDoorSchema>;

/** `POST /guest-access/{key_uid}/open/{device_token}`: the door opened; the passes left after it. */
export const GuestOpenAnswerSchema = v.object({
  opened: v.literal(true),
  passes: v.nullable(passesLeft),
});
export type GuestOpenAnswer = v.InferOutput<typeof GuestOpenAnswerSchema>;

export const GuestKeyParamsSchema = v.object({ key_uid: v.pipe(v.string(), v.regex(KEY_UID)) });
export const GuestDoorParamsSchema = v.object({
  key_uid: v.pipe(v.string(), v.regex(KEY_UID)),
  device_token: v.pipe(v.string(), v.regex(DEVICE_TOKEN)),
});
