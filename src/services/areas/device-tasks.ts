import * as v from 'valibot';
import { type EventObject, fromCallback, fromPromise } from 'xstate';
import { devicesEntity } from '../../contract/entities/device';
import { type DeviceTask, deviceTasksEntity } from '../../contract/entities/device-task';
import { DEVICE_TASKS_TOPIC, DeviceTasksChangedEventSchema } from '../../contract/realtime';
import { type DeviceInitMachine, deviceInitMachine } from '../../machines/device-init/device-init.machine';
import type {
  DeviceBatchAction,
  DeviceInitEvent,
  FollowedTask,
  InitDevice,
  SentBatch,
} from '../../machines/device-init/device-init.types';
import {
  type DeviceTasksMachine,
  deviceTasksMachine,
  type TaskRequest,
  type TaskRequestAnswer,
} from '../../machines/device-tasks/device-tasks.machine';
import { createChangeSignal } from '../change-signal';
import { createEntityClient } from '../entity-client';
import { defineArea } from './area';

/** The device tasks console's own machines (7.4, §2.5). */
export interface DeviceTasksMachines {
  /** The init dialog (and the settings apply): check, send, follow the batch. */
  deviceInit: DeviceInitMachine;
  /** /devices/tasks: restart, reinit, delete behind confirmations. */
  deviceTasks: DeviceTasksMachine;
}

/** A task as the init dialog follows it. */
const followed = (t: DeviceTask): FollowedTask => ({
  id: t.id,
  kind: t.kind,
  status: t.status,
  attempts: t.attempts,
  max_attempts: t.max_attempts,
  last_error: t.last_error,
});

/** Most tasks one batch holds (an init makes four); the read asks for a page of them. */
const BATCH_READ_SIZE = 50;

/**
 * Device tasks (7.4): the task list live through DeviceTasksChanged on `private-device-tasks`
 * (the list refreshes on each, and on a resync), the init dialog following its batch, and the
 * page's actions. Changes made here tell the list at once, realtime or not.
 */
export const deviceTasksArea = defineArea('deviceTasks', ({ http, showAlert, kit, topics }) => {
  const changedHere = createChangeSignal();
  const tasks = createEntityClient(http, deviceTasksEntity);

  /** The list's refresh: on local changes, DeviceTasksChanged (any device) and resyncs. */
  const listChanges = <E extends EventObject>(event: E) =>
    fromCallback<E>(({ sendBack }) => {
      const stopLocal = changedHere.listen(() => sendBack(event));
      const stopLive = topics.listen(DEVICE_TASKS_TOPIC, (e) => {
        if (e.type === 'feed.resync' || v.is(DeviceTasksChangedEventSchema, e.data)) sendBack(event);
      });
      return () => {
        stopLocal();
        stopLive();
      };
    });

  /** The init dialog's live view of one device's tasks. */
  const watch = fromCallback<DeviceInitEvent, { deviceId: number }>(({ sendBack, input }) =>
    topics.listen(DEVICE_TASKS_TOPIC, (e) => {
      if (e.type === 'feed.resync') return sendBack({ type: 'tasks.resync' });
      if (!v.is(DeviceTasksChangedEventSchema, e.data) || e.data.device_id !== input.deviceId) return;
      sendBack({ type: 'tasks.changed', tasks: e.data.tasks });
    }),
  );

  const readDevice = fromPromise<InitDevice, { deviceId: number }>(async ({ input }) => {
    const device = (await http.call('GET /devices/{id}', { params: { id: input.deviceId } })).data;
    return { protocol: device.protocol, status: device.device_info.status };
  });

  const send = fromPromise<SentBatch, { deviceId: number; action: DeviceBatchAction }>(async ({ input }) => {
    const options = { params: { id: input.deviceId } };
    const answer =
      input.action === 'init'
        ? await http.call('POST /devices/init/{id}', options)
        : await http.call('POST /devices/{id}/settings/apply', options);
    changedHere.notify();
    return { batchId: answer.data.batch_id, tasks: answer.data.tasks.map(followed) };
  });

  const readBatch = fromPromise<FollowedTask[], { batchId: string }>(async ({ input }) => {
    const page = await tasks.list({
      page: 1,
      size: BATCH_READ_SIZE,
      sort: ['id'],
      filters: [{ field: 'batch_id', rule: 'equals', value: input.batchId }],
    });
    return page.data.map(followed);
  });

  const deleteTasks = fromPromise<number, { ids: number[] }>(async ({ input }) => {
    if (input.ids.length === 0) return 0;
    try {
      return (await tasks.deleteAll({ items: input.ids })).deleted;
    } finally {
      changedHere.notify();
    }
  });

  const run = fromPromise<TaskRequestAnswer, TaskRequest>(async ({ input }) => {
    try {
      if (input.kind === 'restart') {
        const body = input.items ? { items: input.items } : {};
        return { count: (await http.call('POST /devices/tasks/restart', { body })).data.restarted };
      }
      if (input.kind === 'reinit') {
        const body = { devices: input.devices.map((d) => d.id) };
        return { count: (await http.call('POST /devices/tasks/reinit', { body })).data.length };
      }
      return { count: (await tasks.deleteAll({ items: input.items })).deleted };
    } finally {
      // A failure may still have changed some rows.
      changedHere.notify();
    }
  });

  const machines: DeviceTasksMachines = {
    deviceInit: deviceInitMachine.provide({ actors: { readDevice, send, readBatch, deleteTasks, watch } }),
    deviceTasks: deviceTasksMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: { run },
    }),
  };

  return {
    entities: {
      deviceTasks: kit(deviceTasksEntity, {
        changes: listChanges({ type: 'list.refresh' }),
        deleteItems: async (client, selection) => {
          try {
            return await client.deleteAll(selection);
          } finally {
            changedHere.notify();
          }
        },
      }),
      /** The device filter's picker (the devices console has its own kit; keys must differ). */
      taskDevices: kit(devicesEntity),
    },
    machines,
  };
});
