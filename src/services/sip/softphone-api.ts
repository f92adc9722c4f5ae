import { DIALER_HISTORY_PAGE } from '../../contract/constants';
import type { InterceptionUpdate } from '../../contract/entities/interception';
import type { Http } from '../http';

/** The softphone's calls (7.6, 7.11) through the typed HTTP client and the contract's CALLS. */
export function createSoftphoneApi(http: Pick<Http, 'call'>) {
  return {
    contacts: async () => (await http.call('GET /sip-numbers/contacts')).data,
    dialerHistory: async (number: string) =>
      (
        await http.call('GET /calls/history/dialer/{number}', {
          params: { number },
          searchParams: { page: DIALER_HISTORY_PAGE.page, size: DIALER_HISTORY_PAGE.size },
        })
      ).data,
    waitingCalls: async () => (await http.call('GET /calls/waiting/items')).data,
    stopCall: async (speechId: string) => {
      await http.call('POST /calls/stop', { body: { speech_id: speechId } });
    },
    doorDevices: async () => (await http.call('GET /calls/concierge/devices/items')).data,
    openDoor: async (token: string) => {
      await http.call('POST /calls/door/open', { body: { token } });
    },
    interception: async () => (await http.call('GET /calls/interception')).data,
    saveInterception: async (body: InterceptionUpdate) => (await http.call('POST /calls/interception', { body })).data,
  };
}

export type SoftphoneApi = ReturnType<typeof createSoftphoneApi>;
