import * as v from 'valibot';
import { DIALER_HISTORY_PAGE } from '../../contract/constants';
import { DialerHistorySchema } from '../../contract/entities/call-history';
import { DoorDeviceSchema, WaitingCallSchema } from '../../contract/entities/calls';
import { type InterceptionSave, InterceptionSettingsSchema } from '../../contract/entities/interception';
import { ContactSchema } from '../../contract/entities/sip-number';
import { envelope, OkSchema } from '../../contract/http';
import type { Http } from '../http';

/**
 * The softphone's calls (7.6) through the typed HTTP client, validated with
 * the contract schemas. They go through `http.request` until the owners of
 * these routes put them in ROUTES (the server implements them there).
 */
export function createSoftphoneApi(http: Pick<Http, 'request'>) {
  return {
    contacts: async () => (await http.request('GET', '/sip-numbers/contacts', envelope(v.array(ContactSchema)))).data,
    dialerHistory: async (number: string) =>
      (
        await http.request(
          'GET',
          `/calls/history/dialer/${encodeURIComponent(number)}`,
          envelope(DialerHistorySchema),
          {
            searchParams: { page: DIALER_HISTORY_PAGE.page, size: DIALER_HISTORY_PAGE.size },
          },
        )
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
    interception: async () =>
      (await http.request('GET', '/calls/interception', envelope(InterceptionSettingsSchema))).data,
    saveInterception: async (body: InterceptionSave) =>
      (await http.request('POST', '/calls/interception', envelope(InterceptionSettingsSchema), { body })).data,
  };
}

export type SoftphoneApi = ReturnType<typeof createSoftphoneApi>;
