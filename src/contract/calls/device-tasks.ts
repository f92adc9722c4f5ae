import * as v from 'valibot';
import { anyOf, defineCalls, envelope, IdParamsSchema, OkSchema } from '../call';
import {
  DeviceForwardSettingsInputSchema,
  DeviceForwardSettingsSchema,
  DeviceTaskEntitySchema,
  deviceTasksEntity,
  ReinitAnswerSchema,
  ReinitSchema,
  RestartedSchema,
  RestartTasksSchema,
  SetProtocolSchema,
  SetUseAddressSchema,
  SyncErrorsAnswerSchema,
  TaskBatchAnswerSchema,
  UpdatedSchema,
} from '../entities/device-task';
import { entityCalls } from '../entity';

/** Who changes what a device holds (6.2 devices edit; self-group management "devices"). */
const editors = anyOf(['devices.edit', 'self_domain.manage_devices']);
/** Who follows a device's tasks and sync errors. */
const taskViewers = anyOf(['devices.view_tasks', 'self_domain.manage_devices']);
const device = (action: 'view' | 'edit') => ({ params: IdParamsSchema, object: { entity: 'devices', action } });
const task = (action: 'view' | 'edit') => ({ params: IdParamsSchema, object: { entity: 'device_tasks', action } });

/**
 * Device tasks and what runs through them (7.4): the task list, restart (the failed ones),
 * reinit, the entities of a task; init, settings apply, sync errors, protocol, the SIP
 * "use address" flag, and the device's call forwarding (settings and an Excel table).
 */
export const DEVICE_TASK_CALLS = defineCalls({
  ...entityCalls(deviceTasksEntity),
  'GET /devices/tasks/{id}/entities': {
    access: taskViewers,
    ...task('view'),
    response: envelope(v.array(DeviceTaskEntitySchema)),
  },
  'POST /devices/tasks/restart': { access: editors, body: RestartTasksSchema, response: RestartedSchema },
  'POST /devices/tasks/reinit': { access: editors, body: ReinitSchema, response: ReinitAnswerSchema },
  /** Device init (§2.5 dialog): init, settings.apply, sync.identifiers, sync.schedules as one batch. */
  'POST /devices/init/{id}': { access: editors, ...device('edit'), response: TaskBatchAnswerSchema },
  'POST /devices/{id}/settings/apply': { access: editors, ...device('edit'), response: TaskBatchAnswerSchema },
  'GET /devices/{id}/sync/errors': { access: taskViewers, ...device('view'), response: SyncErrorsAnswerSchema },
  'POST /devices/{id}/set-protocol': {
    access: editors,
    ...device('edit'),
    body: SetProtocolSchema,
    response: OkSchema,
  },
  'POST /devices/set-use-address': { access: editors, body: SetUseAddressSchema, response: UpdatedSchema },
  'GET /devices/{id}/forwards': {
    access: anyOf(['devices.view', 'devices.view_descendants', 'devices.view_all', 'self_domain.manage_devices']),
    ...device('view'),
    file: 'xlsx',
    response: v.blob(),
  },
  'GET /devices/{id}/forwards/settings': {
    access: anyOf(['devices.view', 'devices.view_descendants', 'devices.view_all', 'self_domain.manage_devices']),
    ...device('view'),
    response: envelope(DeviceForwardSettingsSchema),
  },
  'POST /devices/{id}/forwards/settings': {
    access: editors,
    ...device('edit'),
    body: DeviceForwardSettingsInputSchema,
    response: envelope(DeviceForwardSettingsSchema),
  },
});
