import * as v from 'valibot';
import { type EventFromLogic, fromCallback } from 'xstate';
import { devicesEntity } from '../../contract/entities/device';
import {
  DEVICE_TASKS_TOPIC,
  DEVICES_TOPIC,
  DeviceStatusChangedEventSchema,
  DeviceTasksChangedEventSchema,
} from '../../contract/realtime';
import type { EntityListMachine } from '../../machines/entity-list/entity-list.machine';
import { listenThrottled, type TopicLive } from '../topic-live';
import { defineArea } from './area';

/**
 * The devices list hears DeviceStatusChanged on `private-devices` (7.10) while it is
 * shown: the row of that device takes the new status and the time of the change in
 * place (no reload, the row stays where it is even under a status filter until the
 * next load); a (re)connection refreshes the page, since changes may have been missed.
 * DeviceTasksChanged on `private-device-tasks` reloads the page (at most once a second),
 * so the rows' sync state follows the queue.
 */
export function liveDeviceStatus(topics: TopicLive) {
  return fromCallback<EventFromLogic<EntityListMachine>>(({ sendBack }) => {
    const stopStatus = topics.listen(DEVICES_TOPIC, (event) => {
      if (event.type === 'feed.resync') sendBack({ type: 'list.refresh' });
      else if (v.is(DeviceStatusChangedEventSchema, event.data)) {
        const { device_id, status, at } = event.data;
        sendBack({ type: 'list.rowPatched', id: device_id, patch: { device_info: { status, last_seen: at } } });
      }
    });
    const stopTasks = listenThrottled(
      topics,
      DEVICE_TASKS_TOPIC,
      (data) => v.is(DeviceTasksChangedEventSchema, data),
      () => sendBack({ type: 'list.refresh' }),
    );
    return () => {
      stopStatus();
      stopTasks();
    };
  });
}

/** Devices (7.4): the devices entity (list with live status, form, pickers). */
export const devicesArea = defineArea('devices', ({ kit, topics }) => ({
  entities: { devices: kit(devicesEntity, { changes: liveDeviceStatus(topics) }) },
  machines: {},
}));
