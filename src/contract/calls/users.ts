import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema, OkSchema, PUBLIC } from '../call';
import { MobileClientSchema } from '../entities/mobile-client';
import { UserPasswordSchema, UserSchema, usersEntity } from '../entities/user';
import { entityCalls } from '../entity';

/** Crop numbers of an avatar upload: digits on the wire. */
const cropNumber = v.pipe(v.string(), v.regex(/^\d{1,6}(\.\d{1,4})?$/, 'number'), v.transform(Number));
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** Users (7.3): the entity's calls, an administrator's password change and avatars. */
export const USER_CALLS = defineCalls({
  ...entityCalls(usersEntity),
  'POST /users/{id}/password': {
    access: anyOf(['users.edit_all']),
    params: IdParamsSchema,
    object: { entity: 'users', action: 'edit' },
    body: UserPasswordSchema,
    response: OkSchema,
  },
  // The cropped square (x, y, size) of the uploaded image becomes the avatar.
  'POST /users/{id}/avatar': {
    access: anyOf(usersEntity.access.edit),
    params: IdParamsSchema,
    object: { entity: 'users', action: 'edit' },
    multipart: {
      fields: v.object({ x: cropNumber, y: cropNumber, size: cropNumber }),
      files: { image: { maxBytes: AVATAR_MAX_BYTES, required: true } },
    },
    response: envelope(UserSchema),
  },
  'DELETE /users/{id}/avatar': {
    access: anyOf(usersEntity.access.edit),
    params: IdParamsSchema,
    object: { entity: 'users', action: 'edit' },
    response: envelope(UserSchema),
  },
  // The mobile client info dialog (2.5): a user's mobile app installations, newest login first.
  'GET /users/{id}/mobile-clients': {
    access: anyOf(usersEntity.access.view),
    params: IdParamsSchema,
    object: { entity: 'users', action: 'view' },
    response: envelope(v.array(MobileClientSchema)),
  },
  // Pictures are public by unguessable name, so <img> tags load them without a bearer token.
  'GET /uploads/avatars/{file}': {
    access: PUBLIC,
    params: v.object({ file: v.pipe(v.string(), v.regex(/^\d+-[0-9a-f]{16}\.png$/)) }),
    file: 'image',
    response: v.blob(),
  },
});
