import * as v from 'valibot';
import { anyOf, defineCalls, envelope } from '../call';
import { DeviceSearchBodySchema, DeviceSearchStartedSchema } from '../device-search';
import {
  RemoteControlCommandSchema,
  RemoteControlOpenSchema,
  RemoteControlParamsSchema,
  RemoteControlSessionSchema,
} from '../remote-control';

/** Network search belongs to those who add devices (it exists to feed put-found). */
const adders = anyOf(['devices.create', 'self_domain.manage_devices']);
/** Remote control drives a device: those who edit devices (6.2 has no permission of its own). */
const drivers = anyOf(['devices.edit', 'self_domain.manage_devices']);

/** Network search and remote control sessions (7.4). */
export const DEVICE_SEARCH_CALLS = defineCalls({
  'POST /devices/search': { access: adders, body: DeviceSearchBodySchema, response: DeviceSearchStartedSchema },
  'PUT /devices/remote-control/sessions': {
    audit: { action: 'remote_control_open' },
    access: drivers,
    body: RemoteControlOpenSchema,
    response: envelope(RemoteControlSessionSchema),
    timeout: 'remoteControl',
  },
  'PATCH /devices/remote-control/sessions/{session_id}': {
    audit: { action: 'remote_control_command' },
    access: drivers,
    params: RemoteControlParamsSchema,
    body: RemoteControlCommandSchema,
    response: envelope(RemoteControlSessionSchema),
    timeout: 'remoteControl',
  },
  'GET /devices/remote-control/sessions/items': {
    access: drivers,
    response: envelope(v.array(RemoteControlSessionSchema)),
  },
});
