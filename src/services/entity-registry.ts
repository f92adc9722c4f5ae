import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { OkSchema } from '../contract/call';
import { announceResponsesEntity, announcesEntity } from '../contract/entities/announce';
import { callHistoryEntity } from '../contract/entities/call-history';
import { conversationRecipientsEntity, conversationsEntity } from '../contract/entities/conversation';
import { domainTypesEntity } from '../contract/entities/domain-type';
import { alertDevicesEntity, emergencyAlertsEntity } from '../contract/entities/emergency-alert';
import { forwardGroupsEntity, forwardRuleSetsEntity } from '../contract/entities/forward-rule';
import { groupsEntity } from '../contract/entities/group';
import { MarkerApplyAnswerSchema, markersEntity } from '../contract/entities/marker';
import { RoleDeleteAnswerSchema, rolesEntity } from '../contract/entities/role';
import { sipNumbersEntity } from '../contract/entities/sip-number';
import { sipTrunksEntity } from '../contract/entities/sip-trunk';
import { UserSchema, usersEntity } from '../contract/entities/user';
import type { EntityContract } from '../contract/entity';
import type { EntityFormMachine } from '../machines/entity-form/entity-form.machine';
import type { ListRow } from '../machines/entity-list/entity-list.machine';
import { type LoaderMachine, loaderMachine } from '../machines/loader/loader.machine';
import { type AudioChoice, resolveAudio } from './alert-audio';
import type { ConversationLive } from './conversation-live';
import { createEntityClient } from './entity-client';
import { commandMachine, createEntityMachines, type EntityMachines, type ShowAlert } from './entity-machines';
import type { Http } from './http';

/** The resources whose generic machines the console has so far (the next entity adds a line). */
export type EntityKey =
  | 'users'
  | 'roles'
  | 'markers'
  | 'domains'
  | 'domainTypes'
  | 'sipNumbers'
  | 'forwardRuleSets'
  | 'forwardGroups'
  | 'sipTrunks'
  | 'callHistory'
  | 'conversations'
  | 'conversationRecipients'
  | 'announces'
  | 'announceResponses'
  | 'emergencyAlerts'
  | 'alertDevices';

/** A resource's machines plus the loader of names for ids (relation filters restored from a URL). */
export interface EntityKit extends EntityMachines {
  labels: (ids: number[]) => LoaderMachine;
}

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

/** What the user avatar calls answer: the user as it is now (or just `true`). */
const UserAnswerSchema = v.object({ data: v.union([UserSchema, v.literal(true)]) });

/**
 * The console's entity machines with their real effects: one kit per
 * resource, the user commands and applying markers. create-app exposes them
 * to pages as page machines.
 */
export function createEntityRegistry(http: Http, showAlert: ShowAlert, live?: ConversationLive) {
  const machinesOf = createEntityMachines(http, showAlert);
  const kit = <R extends EntityContract>(contract: R, options?: Parameters<typeof machinesOf<R>>[1]): EntityKit => {
    const client = createEntityClient(http, contract);
    return {
      ...machinesOf(contract, options),
      labels: (ids) =>
        loaderMachine.provide({
          actors: {
            // A name that cannot be read (deleted, out of scope) still shows as its id.
            fetch: fromPromise<unknown>(() =>
              Promise.all(
                ids.map((id) =>
                  client.get(id).then(
                    (item) => item as ListRow,
                    () => ({ id, name: `#${id}` }),
                  ),
                ),
              ),
            ),
          },
        }),
    };
  };

  const entities: Record<EntityKey, EntityKit> = {
    users: kit(usersEntity),
    roles: kit(rolesEntity, {
      // 7.3: roles are deleted gently; the ones still held by users come back as dependencies.
      deleteItems: async (_, selection) => {
        const answer = await http.request('POST', '/roles/delete-all', RoleDeleteAnswerSchema, {
          body: selection,
          searchParams: { gently: 1 },
        });
        return { deleted: answer.data.deleted.length, dependencies: answer.data.dependencies };
      },
    }),
    markers: kit(markersEntity),
    domains: kit(groupsEntity),
    domainTypes: kit(domainTypesEntity),
    sipNumbers: kit(sipNumbersEntity, {
      // "Generate" fills in a free number and a password that satisfies the rule (7.6).
      fillValues: async () => (await http.call('GET /sip-numbers/generate')).data,
    }),
    forwardRuleSets: kit(forwardRuleSetsEntity),
    forwardGroups: kit(forwardGroupsEntity),
    sipTrunks: kit(sipTrunksEntity),
    callHistory: kit(callHistoryEntity),
    // The inbox refreshes when a message arrives or the live line comes back.
    conversations: kit(conversationsEntity, { changes: live?.listChanges }),
    conversationRecipients: kit(conversationRecipientsEntity),
    announces: kit(announcesEntity),
    announceResponses: kit(announceResponsesEntity),
    emergencyAlerts: kit(emergencyAlertsEntity, {
      // The audio field may hold a file to upload or ask for a generated siren: that happens first.
      saveItem: async (client, { id, body }) => {
        const { audio, ...rest } = body as Record<string, unknown> & { audio?: AudioChoice };
        const payload = audio === undefined ? rest : { ...rest, filename: await resolveAudio(http, audio) };
        if (id === null) return { id: await client.create(payload as never), item: null };
        return { id, item: await client.patch(id, payload as never) };
      },
    }),
    alertDevices: kit(alertDevicesEntity),
  };

  const userItem = (answer: v.InferOutput<typeof UserAnswerSchema>, id: number) => ({
    id,
    item: answer.data === true ? null : answer.data,
  });

  const userCommands: UserCommandMachines = {
    password: commandMachine(showAlert, async ({ id, body }) => {
      await http.request('POST', `/users/${id}/password`, OkSchema, { body });
      return undefined;
    }),
    avatar: commandMachine(showAlert, async ({ id, body }) => {
      const form = new FormData();
      form.append('image', body.image as Blob);
      for (const key of ['x', 'y', 'size'] as const) form.append(key, String(body[key]));
      return userItem(await http.request('POST', `/users/${id}/avatar`, UserAnswerSchema, { body: form }), id ?? 0);
    }),
    removeAvatar: commandMachine(showAlert, async ({ id }) =>
      userItem(await http.request('DELETE', `/users/${id}/avatar`, UserAnswerSchema), id ?? 0),
    ),
    invite: commandMachine(showAlert, async ({ id }) => {
      await http.call('POST /registration/invite/send', { body: { users: [id ?? 0] } });
      return undefined;
    }),
  };

  /** POST /markers/apply: add (or remove) markers on users. */
  const markerApply = commandMachine(showAlert, async ({ body }) => {
    await http.request('POST', '/markers/apply', MarkerApplyAnswerSchema, { body });
    return undefined;
  });

  return { entities, userCommands, markerApply };
}

export type EntityRegistry = ReturnType<typeof createEntityRegistry>;
