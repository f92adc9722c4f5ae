import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import type { PutFound } from '../../contract/entities/device';
import { DeviceSearchFinishedEventSchema, DeviceSearchFoundEventSchema, userTopic } from '../../contract/realtime';
import type { RemoteControlSession } from '../../contract/remote-control';
import {
  type AddFoundRequest,
  type DeviceSearchEvent,
  type DeviceSearchMachine,
  deviceSearchMachine,
} from '../../machines/device-search/device-search.machine';
import { type LoaderMachine, loaderMachine } from '../../machines/loader/loader.machine';
import {
  type CommandRequest,
  type RemoteControlMachine,
  remoteControlMachine,
} from '../../machines/remote-control/remote-control.machine';
import { defineArea } from './area';

/** The network search page's and remote control's machines (7.4). */
export interface DeviceSearchMachines {
  /** POST /devices/search, results over realtime, PUT /devices/items/found. */
  deviceSearch: DeviceSearchMachine;
  /** The groups found devices may be put in (GET /domains/items/completely). */
  deviceSearchGroups: LoaderMachine;
  /** PUT / PATCH /devices/remote-control/sessions. */
  remoteControl: RemoteControlMachine;
}

/** One id per console tab, so two tabs' searches never take each other's results (the page's input). */
export const DEVICE_SEARCH_TAB = Math.random().toString(36).slice(2, 10);

/**
 * Network search and remote control (7.4). Search results are the caller's realtime messages
 * (DeviceSearchFound / DeviceSearchFinished on `private-users.{id}`), heard through the topic
 * feed while the search page listens, kept only for its request id.
 */
export const deviceSearchArea = defineArea('deviceSearch', ({ http, showAlert, topics, session }) => {
  const results = fromCallback<DeviceSearchEvent, { requestId: string }>(({ sendBack, input }) => {
    const profileId = session()?.getSnapshot().context.profile?.id;
    if (profileId === undefined) return () => {};
    return topics.listen(userTopic(profileId), (e) => {
      if (e.type !== 'feed.message') return;
      if (v.is(DeviceSearchFoundEventSchema, e.data) && e.data.request_id === input.requestId)
        sendBack({ type: 'search.found', requestId: e.data.request_id, device: e.data.device });
      else if (v.is(DeviceSearchFinishedEventSchema, e.data) && e.data.request_id === input.requestId)
        sendBack({ type: 'search.finished', requestId: e.data.request_id });
    });
  });

  const addFound = fromPromise<number[], AddFoundRequest>(async ({ input }) => {
    const items = input.devices.map((d) => ({
      serial_number: d.serial_number,
      type: d.type as PutFound['items'][number]['type'],
      model: d.model,
      ip_address: d.ip,
      port: d.port,
      protocol: 'mqtt' as const,
    }));
    return (await http.call('PUT /devices/items/found', { body: { domain_id: input.domain_id, items } })).data;
  });

  const command = fromPromise<RemoteControlSession, CommandRequest>(async ({ input }) => {
    const { session_id, ...body } = input;
    return (await http.call('PATCH /devices/remote-control/sessions/{session_id}', { params: { session_id }, body }))
      .data;
  });

  const machines: DeviceSearchMachines = {
    deviceSearch: deviceSearchMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        start: fromPromise(async ({ input }) => (await http.call('POST /devices/search', { body: input })).data),
        results,
        addFound,
      },
    }),
    deviceSearchGroups: loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(async () => (await http.call('GET /domains/items/completely')).data),
      },
    }),
    remoteControl: remoteControlMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        open: fromPromise(
          async ({ input }) =>
            (await http.call('PUT /devices/remote-control/sessions', { body: { serial_number: input.serial_number } }))
              .data,
        ),
        command,
      },
    }),
  };
  return { entities: {}, machines };
});
