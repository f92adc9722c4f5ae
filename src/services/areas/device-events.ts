import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import { devicesEntity } from '../../contract/entities/device';
import { alarmCallsEntity, type DeviceAlarm, deviceAlarmsEntity } from '../../contract/entities/device-alarm';
import { deviceEventsEntity } from '../../contract/entities/device-event';
import {
  DEVICE_ALARMS_TOPIC,
  DEVICE_EVENTS_TOPIC,
  DeviceAlarmChangedEventSchema,
  DeviceEventsAddedEventSchema,
} from '../../contract/realtime';
import {
  type AlarmProcessingEvent,
  type AlarmProcessingMachine,
  alarmProcessingMachine,
} from '../../machines/alarm-processing/alarm-processing.machine';
import type { TopicHandler } from '../topic-live';
import { defineArea } from './area';

/** The alarms area's page machines. */
export interface DeviceEventMachines {
  /** /devices/alarms/:id/edit: load, comment, process (live: reloads when the alarm changes elsewhere). */
  alarmProcessing: AlarmProcessingMachine;
}

/** Refreshes of a busy topic come at most once a second (a fleet can send hundreds of events a second). */
const REFRESH_EVERY_MS = 1000;

/**
 * Device events and alarms (issue 11; 7.4): the events list (live: DeviceEventsAdded on
 * `private-device-events` reloads it), the alarms list (live: DeviceAlarmChanged), the SOS and
 * alarm calls, and the processing page's machine.
 */
export const deviceEventsArea = defineArea('deviceEvents', ({ http, showAlert, kit, topics }) => {
  /** A callback sending list.refresh when `accept` takes a message of `topic` (throttled), and on every resync. */
  const refreshOn = (topic: string, accept: (data: unknown) => boolean) =>
    fromCallback(({ sendBack }) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let last = 0;
      const refresh = () => {
        timer = null;
        last = Date.now();
        sendBack({ type: 'list.refresh' });
      };
      const handler: TopicHandler = (e) => {
        if (e.type !== 'feed.resync' && !accept(e.data)) return;
        if (timer) return;
        timer = setTimeout(refresh, Math.max(0, last + REFRESH_EVERY_MS - Date.now()));
      };
      const stop = topics.listen(topic, handler);
      return () => {
        stop();
        if (timer) clearTimeout(timer);
      };
    });

  const machines: DeviceEventMachines = {
    alarmProcessing: alarmProcessingMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        load: fromPromise<DeviceAlarm, { id: number }>(
          async ({ input }) => (await http.call('GET /alarms/{id}', { params: { id: input.id } })).data,
        ),
        changes: fromCallback<AlarmProcessingEvent, { id: number }>(({ sendBack, input }) =>
          topics.listen(DEVICE_ALARMS_TOPIC, (e) => {
            if (e.type === 'feed.resync') sendBack({ type: 'alarm.changed' });
            else if (v.is(DeviceAlarmChangedEventSchema, e.data) && e.data.alarm_id === input.id)
              sendBack({ type: 'alarm.changed' });
          }),
        ),
        process: fromPromise<DeviceAlarm, { id: number; comment: string }>(
          async ({ input }) =>
            (
              await http.call('POST /alarms/{id}/process', {
                params: { id: input.id },
                body: { comment: input.comment },
              })
            ).data,
        ),
      },
    }),
  };

  return {
    entities: {
      deviceEvents: kit(deviceEventsEntity, {
        changes: refreshOn(DEVICE_EVENTS_TOPIC, (data) => v.is(DeviceEventsAddedEventSchema, data)),
      }),
      deviceAlarms: kit(deviceAlarmsEntity, {
        changes: refreshOn(DEVICE_ALARMS_TOPIC, (data) => v.is(DeviceAlarmChangedEventSchema, data)),
      }),
      alarmCalls: kit(alarmCallsEntity),
      // The device picker of the events and alarms filters.
      eventDevices: kit(devicesEntity),
    },
    machines,
  };
});
