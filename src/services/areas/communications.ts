import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { announceResponsesEntity, announcesEntity } from '../../contract/entities/announce';
import { conversationRecipientsEntity, conversationsEntity } from '../../contract/entities/conversation';
import {
  alertDevicesEntity,
  EmergencyAlertCreateSchema,
  EmergencyAlertPatchSchema,
  emergencyAlertsEntity,
} from '../../contract/entities/emergency-alert';
import { conversationThreadMachine } from '../../machines/conversation-thread/conversation-thread.machine';
import type { EntityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { pollAnswerMachine } from '../../machines/poll-answer/poll-answer.machine';
import { isAudioChoice, resolveAudio } from '../alert-audio';
import { createEntityClient } from '../entity-client';
import { commandMachine, type ShowAlert } from '../entity-machines';
import { defineArea } from './area';

/** Start and stop of an announce or an emergency alert: one-call commands answering the item. */
export interface StartStopMachines {
  start: EntityFormMachine;
  stop: EntityFormMachine;
}

/** Communications (7.6): one conversation, the poll page, start/stop of announces and alerts. */
export interface CommunicationMachines {
  conversationThread: typeof conversationThreadMachine;
  pollAnswer: typeof pollAnswerMachine;
  announceCommands: StartStopMachines;
  alertCommands: StartStopMachines;
}

const startStop = (
  showAlert: ShowAlert,
  start: (id: number) => Promise<{ data: unknown }>,
  stop: (id: number) => Promise<{ data: unknown }>,
): StartStopMachines => ({
  start: commandMachine(showAlert, async ({ id }) => ({ id: id ?? 0, item: (await start(id ?? 0)).data })),
  stop: commandMachine(showAlert, async ({ id }) => ({ id: id ?? 0, item: (await stop(id ?? 0)).data })),
});

/**
 * Conversations, announces and emergency alerts (7.6): their entities (the
 * inbox refreshes live; an alert's audio is uploaded or generated before it is
 * saved) and the thread, poll and start/stop machines.
 */
export const communicationsArea = defineArea('communications', ({ http, showAlert, kit, live }) => {
  const conversations = createEntityClient(http, conversationsEntity);
  const alert = (_: unknown, params: Parameters<ShowAlert>[0]) => showAlert(params);
  const params = (id: number) => ({ params: { id } });

  const conversationThread = conversationThreadMachine.provide({
    actions: {
      alert,
      // A read mark that fails is harmless: the next open marks it again.
      markRead: (_, { conversationId }) => {
        http.call('POST /conversations/{id}/read', params(conversationId)).catch(() => undefined);
      },
    },
    actors: {
      loadThread: fromPromise(async ({ input }) => {
        const [conversation, page] = await Promise.all([
          conversations.get(input.conversationId),
          http.call('GET /conversations/{id}/messages', params(input.conversationId)),
        ]);
        return { conversation, page };
      }),
      loadOlder: fromPromise(({ input }) =>
        http.call('GET /conversations/{id}/messages/{before_date}', {
          params: { id: input.conversationId, before_date: input.before },
        }),
      ),
      loadLatest: fromPromise(({ input }) =>
        http.call('GET /conversations/{id}/messages', params(input.conversationId)),
      ),
      sendMessage: fromPromise(
        async ({ input }) =>
          (
            await http.call('POST /conversations/{id}/messages', {
              ...params(input.conversationId),
              body: { message: input.text },
            })
          ).data,
      ),
      live: live.thread,
    },
  });

  const pollAnswer = pollAnswerMachine.provide({
    actions: { alert },
    actors: {
      load: fromPromise(
        async ({ input }) =>
          (await http.call('GET /announces/items/token/{token}', { params: { token: input.token } })).data,
      ),
      submit: fromPromise(async ({ input }) => (await http.call('POST /announces/response', { body: input })).data),
    },
  });

  const communications: CommunicationMachines = {
    conversationThread,
    pollAnswer,
    announceCommands: startStop(
      showAlert,
      (id) => http.call('POST /announces/{id}/start', params(id)),
      (id) => http.call('POST /announces/{id}/stop', params(id)),
    ),
    alertCommands: startStop(
      showAlert,
      (id) => http.call('POST /emergency-alerts/{id}/start', params(id)),
      (id) => http.call('POST /emergency-alerts/{id}/stop', params(id)),
    ),
  };

  return {
    entities: {
      // The inbox refreshes when a message arrives or the live line comes back.
      conversations: kit(conversationsEntity, { changes: live.listChanges }),
      conversationRecipients: kit(conversationRecipientsEntity),
      announces: kit(announcesEntity),
      announceResponses: kit(announceResponsesEntity),
      emergencyAlerts: kit(emergencyAlertsEntity, {
        // The audio field may hold a file to upload or ask for a generated siren: that happens first.
        saveItem: async (client, { id, body }) => {
          const { audio, ...rest } = body;
          const payload = isAudioChoice(audio) ? { ...rest, filename: await resolveAudio(http, audio) } : rest;
          if (id === null) return { id: await client.create(v.parse(EmergencyAlertCreateSchema, payload)), item: null };
          return { id, item: await client.patch(id, v.parse(EmergencyAlertPatchSchema, payload)) };
        },
      }),
      alertDevices: kit(alertDevicesEntity),
    },
    machines: { communications },
  };
});
