import { fromPromise } from 'xstate';
import { conversationsEntity } from '../contract/entities/conversation';
import { conversationThreadMachine } from '../machines/conversation-thread/conversation-thread.machine';
import type { EntityFormMachine } from '../machines/entity-form/entity-form.machine';
import { pollAnswerMachine } from '../machines/poll-answer/poll-answer.machine';
import type { ConversationLive } from './conversation-live';
import { createEntityClient } from './entity-client';
import { commandMachine, type ShowAlert } from './entity-machines';
import type { Http } from './http';

/** Start and stop of an announce or an emergency alert: one-call commands answering the item. */
export interface StartStopMachines {
  start: EntityFormMachine;
  stop: EntityFormMachine;
}

/**
 * The communications area's page machines with their real effects: one
 * conversation thread, the poll page, and start/stop of announces and alerts.
 */
export function createCommunications(http: Http, showAlert: ShowAlert, live: ConversationLive) {
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

  const startStop = (
    start: (id: number) => Promise<{ data: unknown }>,
    stop: (id: number) => Promise<{ data: unknown }>,
  ): StartStopMachines => ({
    start: commandMachine(showAlert, async ({ id }) => ({ id: id ?? 0, item: (await start(id ?? 0)).data })),
    stop: commandMachine(showAlert, async ({ id }) => ({ id: id ?? 0, item: (await stop(id ?? 0)).data })),
  });

  return {
    conversationThread,
    pollAnswer,
    announceCommands: startStop(
      (id) => http.call('POST /announces/{id}/start', params(id)),
      (id) => http.call('POST /announces/{id}/stop', params(id)),
    ),
    alertCommands: startStop(
      (id) => http.call('POST /emergency-alerts/{id}/start', params(id)),
      (id) => http.call('POST /emergency-alerts/{id}/stop', params(id)),
    ),
  };
}

export type CommunicationMachines = ReturnType<typeof createCommunications>;
