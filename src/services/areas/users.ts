import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { UserPasswordSchema, usersEntity } from '../../contract/entities/user';
import type { EntityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { userTransferMachine } from '../../machines/user-transfer/user-transfer.machine';
import { saveFile } from '../entity-download';
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

/**
 * Users (7.3): the list, form and picker, the edit page's one-call dialogs, a group's users
 * in and out (2.5 batch upload, export/import by group) and a user's mobile clients.
 */
export const usersArea = defineArea('users', ({ http, showAlert, kit, session }) => {
  const tzOffset = () => session()?.getSnapshot().context.profile?.profile.time_zone ?? 0;
  const userTransfer = userTransferMachine.provide({
    actions: { alert: (_, params) => showAlert(params) },
    actors: {
      upload: fromPromise(async ({ input }) => {
        const answer = await http.call('POST /domains/{id}/import/users', {
          params: { id: input.groupId },
          multipart: { fields: { role_id: input.roleId }, files: { file: input.file } },
        });
        return answer.data;
      }),
      download: fromPromise(async ({ input }) => {
        const file = await http.callFile('GET /domains/{id}/export/users', {
          params: { id: input.groupId },
          searchParams: { format: input.format, tz_offset: tzOffset() },
        });
        saveFile(file, `users.${input.format}`);
      }),
    },
  });
  /** The mobile client info dialog's list of one user. */
  const mobileClients = (userId: number) =>
    loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(
          async () => (await http.call('GET /users/{id}/mobile-clients', { params: { id: userId } })).data,
        ),
      },
    });
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
  return { entities: { users: kit(usersEntity) }, machines: { userCommands, userTransfer, mobileClients } };
});
