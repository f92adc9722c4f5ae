import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema, PUBLIC } from '../call';
import {
  GuestAccessStateSchema,
  GuestDoorParamsSchema,
  GuestDoorSchema,
  GuestKeyParamsSchema,
  GuestKeySchema,
  GuestOpenAnswerSchema,
  guestKeysEntity,
} from '../entities/guest-key';
import { entityCalls } from '../entity';

/**
 * Guest access (7.5): the keys a granter gave (list, one, revoke, delete; granting and editing are
 * `PUT /identifiers/guest` and `PATCH /identifiers/guest/{id}`), and the public calls of the guest
 * page, by the key's `key_uid`: its state, the doors it opens and opening one. 7.5's
 * `{identifier_id}` is `GET /guest-access/keys/{id}`, so it never meets a `{key_uid}`
 * (docs/decisions.md, Guest access). The public calls of one key share a rate limit (429).
 */
export const GUEST_ACCESS_CALLS = defineCalls({
  ...entityCalls(guestKeysEntity),
  'POST /guest-access/keys/{id}/revoke': {
    access: anyOf(['identifiers.create_guest'], ['guest_access']),
    params: IdParamsSchema,
    object: { entity: 'guest_keys', action: 'edit' },
    response: envelope(GuestKeySchema),
  },
  'GET /guest-access/{key_uid}': {
    access: PUBLIC,
    params: GuestKeyParamsSchema,
    response: envelope(GuestAccessStateSchema),
  },
  'GET /guest-access/{key_uid}/access-rules': {
    access: PUBLIC,
    params: GuestKeyParamsSchema,
    response: envelope(v.array(GuestDoorSchema)),
  },
  'POST /guest-access/{key_uid}/open/{device_token}': {
    access: PUBLIC,
    params: GuestDoorParamsSchema,
    response: envelope(GuestOpenAnswerSchema),
  },
});
