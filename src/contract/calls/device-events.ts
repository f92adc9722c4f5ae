import { anyOf, defineCalls, IdParamsSchema } from '../call';
import {
  AlarmAnswerSchema,
  AlarmLogSchema,
  AlarmProcessSchema,
  alarmCallsEntity,
  deviceAlarmsEntity,
} from '../entities/device-alarm';
import { deviceEventsEntity } from '../entities/device-event';
import { entityCalls } from '../entity';

const alarm = (action: 'view' | 'edit') =>
  ({ params: IdParamsSchema, object: { entity: 'device_alarms', action } }) as const;

/**
 * Device events (7.4: list and download, `/devices/events/items`, `/devices/events/export`),
 * device alarms (7.4 `/alarms`: list, item, log, process with a comment, delete) and the SOS and
 * alarm calls of `/devices/alarms-calls` (`/alarms/calls/items`).
 */
export const DEVICE_EVENT_CALLS = defineCalls({
  ...entityCalls(deviceEventsEntity),
  ...entityCalls(alarmCallsEntity),
  ...entityCalls(deviceAlarmsEntity),
  'GET /alarms/{id}/log': { access: anyOf(['device_alarms.view']), ...alarm('view'), response: AlarmLogSchema },
  'POST /alarms/{id}/process': {
    access: anyOf(['device_alarms.process']),
    ...alarm('view'),
    body: AlarmProcessSchema,
    response: AlarmAnswerSchema,
  },
});
