import * as v from 'valibot';
import { UserPasswordSchema, usersEntity } from '../../contract/entities/user';
import type { EntityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { commandMachine } from '../entity-machines';
import { defineArea } from './area';

/** Commands of the user pages: each is a small form whose save is one call. */
export interface UserCommandMachines {
  /** POST /users/{id}/password with new_password (an administrator sets it). */
  password: EntityFormMachine;
  /** POST /users/{id}/avatar, multipart: image, x, y, size (the cropped square). */
  avatar: EntityFormMachine;
  /** DELETE /users/{id}/avatar. */
  removeAvatar: EntityFormMachine;
  /** POST /registration/invite/send with the user: mail the registration link again. */
  invite: EntityFormMachine;
}

/** Users (7.3): the list, form and picker, and the edit page's one-call dialogs. */
export const usersArea = defineArea('users', ({ http, showAlert, kit }) => {
  const userCommands: UserCommandMachines = {
    password: commandMachine(showAlert, async ({ id, body }) => {
      // The form has validated the body with this schema; parsing again gives it its type.
      await http.call('POST /users/{id}/password', {
        params: { id: id ?? 0 },
        body: v.parse(UserPasswordSchema, body),
      });
      return undefined;
    }),
    avatar: commandMachine(showAlert, async ({ id, body }) => {
      const image = body.image;
      // The form's schema requires the image; a missing one never reaches here.
      if (!(image instanceof Blob)) throw { code: 'check fields data' };
      const answer = await http.call('POST /users/{id}/avatar', {
        params: { id: id ?? 0 },
        multipart: {
          fields: { x: String(body.x), y: String(body.y), size: String(body.size) },
          files: { image },
        },
      });
      return { id: id ?? 0, item: answer.data };
    }),
    removeAvatar: commandMachine(showAlert, async ({ id }) => {
      const answer = await http.call('DELETE /users/{id}/avatar', { params: { id: id ?? 0 } });
      return { id: id ?? 0, item: answer.data };
    }),
    invite: commandMachine(showAlert, async ({ id }) => {
      await http.call('POST /registration/invite/send', { body: { users: [id ?? 0] } });
      return undefined;
    }),
  };
  return { entities: { users: kit(usersEntity) }, machines: { userCommands } };
});
