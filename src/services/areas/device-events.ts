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
import { refreshOn } from '../topic-live';
import { defineArea } from './area';

/** The alarms area's page machines. */
export interface DeviceEventMachines {
  /** /devices/alarms/:id/edit: load, comment, process (live: reloads when the alarm changes elsewhere). */
  alarmProcessing: AlarmProcessingMachine;
}

/**
 * Device events and alarms (issue 11; 7.4): the events list (live: DeviceEventsAdded on
 * `private-device-events` reloads it), the alarms list (live: DeviceAlarmChanged), the SOS and
 * alarm calls, and the processing page's machine.
 */
export const deviceEventsArea = defineArea('deviceEvents', ({ http, showAlert, kit, topics }) => {
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
        changes: refreshOn(topics, DEVICE_EVENTS_TOPIC, (data) => v.is(DeviceEventsAddedEventSchema, data)),
      }),
      deviceAlarms: kit(deviceAlarmsEntity, {
        changes: refreshOn(topics, DEVICE_ALARMS_TOPIC, (data) => v.is(DeviceAlarmChangedEventSchema, data)),
      }),
      alarmCalls: kit(alarmCallsEntity),
      // The device picker of the events and alarms filters.
      eventDevices: kit(devicesEntity),
    },
    machines,
  };
});
