import { anyOf, defineCalls } from '../call';
import {
  DevicesAddedSchema,
  devicesEntity,
  FromPoolSchema,
  PutFoundSchema,
  rawDevicesEntity,
} from '../entities/device';
import { entityCalls } from '../entity';

/** Who adds devices (6.2 devices create; self-group management "devices"). */
const adders = anyOf(['devices.create', 'self_domain.manage_devices']);

/** Devices (7.4): the entity, the pool of devices waiting to be added, and adding found or pooled ones. */
export const DEVICE_CALLS = defineCalls({
  ...entityCalls(devicesEntity),
  ...entityCalls(rawDevicesEntity),
  'PUT /devices/items/found': {
    audit: { action: 'create_found' },
    access: adders,
    body: PutFoundSchema,
    response: DevicesAddedSchema,
  },
  'PUT /devices/from-pool': {
    audit: { action: 'create_from_pool' },
    access: adders,
    body: FromPoolSchema,
    response: DevicesAddedSchema,
  },
});
