import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { accessEventsEntity } from '../../contract/entities/access-event';
import type { AccessExplain } from '../../contract/entities/access-explain';
import { ukey2Entity } from '../../contract/entities/ukey2';
import { ACCESS_EVENTS_TOPIC, AccessEventsAddedEventSchema } from '../../contract/realtime';
import { accessExplainMachine, type ExplainQuery } from '../../machines/access-explain/access-explain.machine';
import { commandMachine } from '../entity-machines';
import { refreshOn } from '../topic-live';
import { defineArea } from './area';

/**
 * Access-control events and UKEY2 (issue 12; 7.5): the ACS log (live: AccessEventsAdded on
 * `private-access-events` reloads it, at most once a second), the UKEY2 list and item with issue
 * and revoke (commands), and the explain view's machine over GET /access/explain (the device
 * page's "Who can open this door?", the user page's "What can this person open?").
 */
export const accessEventsArea = defineArea('accessEvents', ({ http, showAlert, kit, topics }) => ({
  entities: {
    accessEvents: kit(accessEventsEntity, {
      changes: refreshOn(topics, ACCESS_EVENTS_TOPIC, (data) => v.is(AccessEventsAddedEventSchema, data)),
    }),
    ukey2: kit(ukey2Entity),
  },
  machines: {
    accessExplain: accessExplainMachine.provide({
      actors: {
        explain: fromPromise<AccessExplain, ExplainQuery>(
          async ({ input }) =>
            (await http.call('GET /access/explain', { searchParams: input as unknown as Record<string, string> })).data,
        ),
      },
    }),
    ukey2Issue: commandMachine(showAlert, async ({ body }) => {
      const item = (await http.call('POST /ukey2/issue', { body: body as never })).data;
      return { id: item.id, item };
    }),
    ukey2Revoke: commandMachine(showAlert, async ({ id }) => ({
      id: id ?? 0,
      item: (await http.call('POST /ukey2/{id}/revoke', { params: { id: id ?? 0 } })).data,
    })),
  },
}));
