import * as v from 'valibot';
import { type EventObject, fromCallback, fromPromise } from 'xstate';
import { IpWhitelistCreateSchema, ipBansEntity, ipWhitelistEntity } from '../../contract/entities/ip-blocking';
import { IP_BLOCKING_TOPIC, IpBansChangedEventSchema } from '../../contract/realtime';
import {
  type IpUnbanMachine,
  ipUnbanMachine,
  type UnbanAnswer,
  type UnbanTarget,
} from '../../machines/ip-unban/ip-unban.machine';
import { type LoaderMachine, loaderMachine } from '../../machines/loader/loader.machine';
import { createChangeSignal } from '../change-signal';
import { defineArea } from './area';

/** The IP-blocking page's own machines (7.8). */
export interface SecurityMachines {
  /** GET /ip-blocking/status, reloaded whenever the bans or the whitelist change. */
  ipBlockingStatus: LoaderMachine;
  /** POST /ip-blocking/unban and /unban-all behind their confirmations. */
  ipUnban: IpUnbanMachine;
}

/**
 * IP blocking (7.8): the banned list and the whitelist, the status and the
 * unbans. Bans change elsewhere (failed logins, SIP, expiry, other admins):
 * the server says so with IpBansChanged on `private-ip-blocking`, and the
 * banned list and the status reload. Changes made here (an unban, a whitelist
 * entry added or deleted) reload every view of them at once, realtime or not.
 */
export const securityArea = defineArea('security', ({ http, showAlert, kit, topics }) => {
  const changedHere = createChangeSignal();

  /** A callback sending `event` on local changes, and also on IpBansChanged (and resyncs) when `live`. */
  const changes = <E extends EventObject>(event: E, live: boolean) =>
    fromCallback<E>(({ sendBack }) => {
      const stopLocal = changedHere.listen(() => sendBack(event));
      const stopLive = live
        ? topics.listen(IP_BLOCKING_TOPIC, (e) => {
            if (e.type === 'feed.resync' || v.is(IpBansChangedEventSchema, e.data)) sendBack(event);
          })
        : () => {};
      return () => {
        stopLocal();
        stopLive();
      };
    });

  /** Runs a change and tells every view afterwards, failed or not (a failure may still have changed some rows). */
  const thenTell = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      changedHere.notify();
    }
  };

  const unban = fromPromise<UnbanAnswer, UnbanTarget>(({ input }) =>
    thenTell(async () => {
      if (input.kind === 'one') {
        await http.call('POST /ip-blocking/unban', { body: { ip: input.ip, service: input.service } });
        return { unbanned: 1 };
      }
      const body = input.service ? { service: input.service } : {};
      return (await http.call('POST /ip-blocking/unban-all', { body })).data;
    }),
  );

  const machines: SecurityMachines = {
    ipBlockingStatus: loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(async () => (await http.call('GET /ip-blocking/status')).data),
        changes: changes({ type: 'loader.reload' }, true),
      },
    }),
    ipUnban: ipUnbanMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: { unban },
    }),
  };

  return {
    entities: {
      // The list the server pushes changes of (IpBansChanged), and that unbans here change.
      ipBans: kit(ipBansEntity, { changes: changes({ type: 'list.refresh' }, true) }),
      ipWhitelist: kit(ipWhitelistEntity, {
        // Whitelisting lifts the bans it covers, and the status counts the entries: both hear of it.
        changes: changes({ type: 'list.refresh' }, false),
        saveItem: (client, { body }) =>
          thenTell(async () => ({ id: await client.create(v.parse(IpWhitelistCreateSchema, body)), item: null })),
        deleteItems: (client, selection) => thenTell(() => client.deleteAll(selection)),
      }),
    },
    machines,
  };
});
