import * as v from 'valibot';
import { DIALER_HISTORY_PAGE } from '../../contract/constants';
import { DoorDeviceSchema, WaitingCallSchema } from '../../contract/entities/calls';
import type { InterceptionUpdate } from '../../contract/entities/interception';
import { envelope, OkSchema } from '../../contract/http';
import type { Http } from '../http';

/**
 * The softphone's calls (7.6) through the typed HTTP client, validated with
 * the contract schemas. Contacts, dialer history and interception are ROUTES
 * entries; calls management (waiting calls, stop, door devices, door open)
 * goes through `http.request` until the SIP server's routes are in ROUTES.
 */
export function createSoftphoneApi(http: Pick<Http, 'request' | 'call'>) {
  return {
    contacts: async () => (await http.call('GET /sip-numbers/contacts')).data,
    dialerHistory: async (number: string) =>
      (
        await http.call('GET /calls/history/dialer/{number}', {
          params: { number },
          searchParams: { page: DIALER_HISTORY_PAGE.page, size: DIALER_HISTORY_PAGE.size },
        })
      ).data,
    waitingCalls: async () =>
      (await http.request('GET', '/calls/waiting/items', envelope(v.array(WaitingCallSchema)))).data,
    stopCall: async (speechId: string) => {
      await http.request('POST', '/calls/stop', OkSchema, { body: { speech_id: speechId } });
    },
    doorDevices: async () =>
      (await http.request('GET', '/calls/concierge/devices/items', envelope(v.array(DoorDeviceSchema)))).data,
    openDoor: async (token: string) => {
      await http.request('POST', '/calls/door/open', OkSchema, { body: { token } });
    },
    interception: async () => (await http.call('GET /calls/interception')).data,
    saveInterception: async (body: InterceptionUpdate) => (await http.call('POST /calls/interception', { body })).data,
  };
}

export type SoftphoneApi = ReturnType<typeof createSoftphoneApi>;
