import type { DeviceRequest, DeviceResponse, RequestKind } from '../../mqtt/protocol';
import type { SyncItem } from './access-decision';
import type { SimulatedDevice } from './device';
import type { FloorMapEntry } from './kinds';

/**
 * How a simulated device answers each request kind (docs/device-protocol.md, Requests). A
 * handler returns the response and, for reboot, what to do once it is sent.
 */

export interface Answer {
  response: DeviceResponse;
  after?: () => void;
}

type Body = Record<string, unknown>;
type Handler = (device: SimulatedDevice, body: Body) => { body?: Body; error?: string; after?: () => void };

const isInt = (value: unknown): value is number => Number.isInteger(value);

function floorMapOf(settings: Body): FloorMapEntry[] | null {
  const lift = settings.lift_controller as { floor_map?: unknown } | undefined;
  return Array.isArray(lift?.floor_map) ? (lift.floor_map as FloorMapEntry[]) : null;
}

const HANDLERS: Record<RequestKind, Handler> = {
  init(device, body) {
    device.resetLists();
    // The version the server gave these settings (a server that sends none: 1).
    const version = isInt(body.settings_version) ? body.settings_version : 1;
    if (body.settings && typeof body.settings === 'object') device.applySettings(body.settings as Body, version);
    if (typeof body.heartbeat_s === 'number' && body.heartbeat_s > 0) device.heartbeatMs = body.heartbeat_s * 1000;
    return { body: device.describe() };
  },
  'settings.apply'(device, body) {
    if (!isInt(body.version) || !body.settings || typeof body.settings !== 'object') return { error: 'bad_request' };
    const map = floorMapOf(body.settings as Body);
    device.applySettings(body.settings as Body, body.version);
    if (map) device.floorMap = map;
    return { body: { version: body.version } };
  },
  sync(device, body) {
    const list = body.list;
    if ((list !== 'identifiers' && list !== 'schedules') || !isInt(body.version)) return { error: 'bad_request' };
    const errors: { id: string; code: string }[] = [];
    const { part, parts } = body;
    if (body.mode === 'full' && (part !== undefined || parts !== undefined)) {
      // One part of a long full list: staged; the last part makes it the list.
      if (!isInt(part) || !isInt(parts) || part < 1 || part > parts) return { error: 'bad_request' };
      let staged = device.staged[list];
      if (part === 1) staged = device.staged[list] = { version: body.version, items: new Map() };
      if (!staged || staged.version !== body.version) return { error: 'bad_request' };
      if (Array.isArray(body.items))
        body.items.forEach((item, index) => {
          const id = (item as SyncItem | null)?.id;
          if (typeof id === 'string' && id.length > 0) staged.items.set(id, item as SyncItem);
          else errors.push({ id: `${part}.${index}`, code: 'no_id' });
        });
      if (part < parts) return { body: { version: device.versions[list], count: staged.items.size, errors } };
      device.lists[list].clear();
      for (const [id, item] of staged.items) device.lists[list].set(id, item);
      delete device.staged[list];
      device.versions[list] = body.version;
      device.publishStatus();
      return { body: { version: body.version, count: device.lists[list].size, errors } };
    }
    const target = device.lists[list];
    const take = (items: unknown) => {
      if (!Array.isArray(items)) return;
      items.forEach((item, index) => {
        const id = (item as SyncItem | null)?.id;
        if (typeof id === 'string' && id.length > 0) target.set(id, item as SyncItem);
        else errors.push({ id: String(index), code: 'no_id' });
      });
    };
    if (body.mode === 'full') {
      target.clear();
      take(body.items);
    } else if (body.mode === 'delta') {
      take(body.upsert);
      if (Array.isArray(body.remove)) for (const id of body.remove) target.delete(String(id));
    } else return { error: 'bad_request' };
    device.versions[list] = body.version;
    device.publishStatus();
    return { body: { version: body.version, count: target.size, errors } };
  },
  reboot(device, body) {
    const delayMs = typeof body.delay_s === 'number' ? body.delay_s * 1000 : device.rebootDelayMs;
    return { body: {}, after: () => void device.reboot(delayMs) };
  },
  'sip.reboot'(device) {
    return { body: {}, after: () => setTimeout(() => device.emit('sip.rebooted', {}), 50).unref() };
  },
  'relay.open'(device, body) {
    const relay = body.relay ?? 1;
    if (!isInt(relay) || relay < 1 || relay > device.profile.relays) return { error: 'relay_out_of_range' };
    // A guest key opening through the guest page is told as such, with the key's value (docs/device-protocol.md).
    const guest = body.reason === 'guest';
    const identifier = guest && typeof body.identifier === 'string' ? { identifier: body.identifier } : {};
    return {
      body: {},
      after: () => device.emit('door.opened', { relay, reason: guest ? 'guest' : 'remote', ...identifier }),
    };
  },
  'screen.state'(device) {
    return { body: { screen: device.screen } };
  },
  'call.button'(device, body) {
    if (!isInt(body.button) || body.button < 1 || body.button > 4) return { error: 'bad_request' };
    return { body: {}, after: () => device.emit('button.pressed', { button: body.button }) };
  },
  'emergency.play'(device, body) {
    if (typeof body.duration_s !== 'number' || body.duration_s <= 0) return { error: 'bad_request' };
    device.screen = 'emergency';
    if (body.open_locks === true) {
      return {
        body: {},
        after: () => {
          for (let relay = 1; relay <= device.profile.relays; relay++)
            device.emit('door.opened', { relay, reason: 'emergency' });
        },
      };
    }
    return { body: {} };
  },
  'emergency.stop'(device) {
    device.screen = 'idle';
    return { body: {} };
  },
  'lift.call'(device, body) {
    if (!isInt(body.floor)) return { error: 'bad_request' };
    if (!device.floorMap.some((entry) => entry.floor === body.floor)) return { error: 'floor_not_mapped' };
    const data = { floor: body.floor, apartment: body.apartment, direction: body.direction, source: 'server' };
    return { body: {}, after: () => device.emit('lift.called', data) };
  },
};

export function answer(device: SimulatedDevice, request: DeviceRequest): Answer {
  const kind = request.kind as RequestKind;
  const handler = Object.hasOwn(HANDLERS, kind) ? HANDLERS[kind] : null;
  if (!handler) return { response: { id: request.id, ok: false, error: { code: 'unknown_kind' } } };
  if (!device.profile.requests.includes(kind))
    return { response: { id: request.id, ok: false, error: { code: 'not_supported' } } };
  const result = handler(device, request.body);
  const response: DeviceResponse = result.error
    ? { id: request.id, ok: false, error: { code: result.error } }
    : { id: request.id, ok: true, body: result.body ?? {} };
  return { response, after: result.error ? undefined : result.after };
}
