import * as v from 'valibot';
import { type EventFromLogic, fromCallback, fromPromise } from 'xstate';
import { guestKeysEntity } from '../../contract/entities/guest-key';
import { GUEST_KEYS_TOPIC, GuestKeyChangedEventSchema } from '../../contract/realtime';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { guestKeyMachine } from '../../machines/guest-key/guest-key.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { saveFile } from '../entity-download';
import { commandMachine } from '../entity-machines';
import type { Http } from '../http';
import type { TopicLive } from '../topic-live';
import { defineArea } from './area';

/** A key's validity ends by the clock, not by an event: the list reads the states again this often. */
const STATUS_REFRESH_MS = 60_000;

/**
 * The /guest-access list stays live: GuestKeyChanged (a key used on its guest page) patches the
 * key's row in place — its passes and state; a (re)connection and every minute (a period that ends
 * changes nothing on the server) read the page again.
 */
export function liveGuestKeys(topics: TopicLive) {
  return fromCallback<EventFromLogic<EntityListMachine>>(({ sendBack }) => {
    const stop = topics.listen(GUEST_KEYS_TOPIC, (event) => {
      if (event.type === 'feed.resync') sendBack({ type: 'list.refresh' });
      else if (v.is(GuestKeyChangedEventSchema, event.data)) {
        const { id, status, passes_restrict } = event.data;
        sendBack({ type: 'list.rowPatched', id, patch: { status, passes_restrict } });
      }
    });
    const timer = setInterval(() => sendBack({ type: 'list.refresh' }), STATUS_REFRESH_MS);
    return () => {
      clearInterval(timer);
      stop();
    };
  });
}

/** The guest key machine with its calls: the granter's key, grant or save, the guest page's three public calls. */
export function guestKeyWithCalls(http: Http) {
  const readKey = async (id: number) => (await http.call('GET /guest-access/keys/{id}', { params: { id } })).data;
  return guestKeyMachine.provide({
    actors: {
      loadKey: fromPromise(async ({ input: { id } }) => readKey(id)),
      grantKey: fromPromise(async ({ input: { id, body } }) => {
        if (id === null) return readKey((await http.call('PUT /identifiers/guest', { body })).data);
        await http.call('PATCH /identifiers/guest/{id}', { params: { id }, body });
        return readKey(id);
      }),
      loadPage: fromPromise(async ({ input: { keyUid } }) => {
        const params = { key_uid: keyUid };
        const state = (await http.call('GET /guest-access/{key_uid}', { params })).data;
        const open = state.status === 'valid' || state.status === 'not_yet_valid';
        const doors = open ? (await http.call('GET /guest-access/{key_uid}/access-rules', { params })).data : [];
        return { state, doors };
      }),
      openDoor: fromPromise(
        async ({ input: { keyUid, token } }) =>
          (
            await http.call('POST /guest-access/{key_uid}/open/{device_token}', {
              params: { key_uid: keyUid, device_token: token },
            })
          ).data,
      ),
    },
  });
}

/**
 * Guest access (7.5): the granter's keys (list live, revoke as a command), the guest key machine
 * for the grant pages and the public guest page, the key's QR (the identifier's, for readers) and
 * its Apple Wallet pass.
 */
export const guestAccessArea = defineArea('guestAccess', ({ http, showAlert, kit, topics }) => ({
  entities: {
    guestKeys: kit(guestKeysEntity, { changes: liveGuestKeys(topics) }),
  },
  machines: {
    guestKey: guestKeyWithCalls(http).provide({ actions: { alert: (_, params) => showAlert(params) } }),
    guestKeyRevoke: commandMachine(showAlert, async ({ id }) => ({
      id: id ?? 0,
      item: (await http.call('POST /guest-access/keys/{id}/revoke', { params: { id: id ?? 0 } })).data,
    })),
    guestKeyPass: (id: number, name: string) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(async () => {
            saveFile(await http.callFile('GET /identifiers/{id}/pkpass', { params: { id } }), `${name}.pkpass`);
            return true;
          }),
        },
      }),
  },
}));
