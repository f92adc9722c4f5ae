import * as v from 'valibot';
import { ALARM_SENSORS } from '../../src/contract/entities/device-alarm';

/**
 * Messages of the device protocol (docs/device-protocol.md). Both sides parse what they
 * receive with these schemas; unknown fields pass (fields are only added within a version).
 */

export const REQUEST_KINDS = [
  'init',
  'settings.apply',
  'sync',
  'reboot',
  'sip.reboot',
  'relay.open',
  'screen.state',
  'call.button',
  'emergency.play',
  'emergency.stop',
  'lift.call',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Largest payload either side accepts. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** A full `sync` whose items pass this goes in parts (docs/device-protocol.md), leaving room for the envelope. */
export const SYNC_PART_BYTES = 192 * 1024;
/** Events per published batch. */
export const EVENT_BATCH = 100;

const Json = v.record(v.string(), v.unknown());

export const RequestSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  kind: v.string(),
  at: v.optional(v.string()),
  body: v.optional(Json, {}),
});
export type DeviceRequest = v.InferOutput<typeof RequestSchema>;

/** The text of frozen arrays already serialised (a door list shared by many doors). */
const frozenText = new WeakMap<readonly unknown[], string>();

/**
 * A request as it goes out: the same text as `JSON.stringify(request)`, except that a frozen
 * array among the body's fields is serialised once and its text reused. The doors of one claim
 * holding the same list share one frozen array (server/domain/access/door-list.ts `doorLists`,
 * its parts too): 500 doors are one serialisation of their list, not 500. Only a frozen array is
 * kept: it cannot change after its text was taken.
 */
export function requestText(request: { id: string; kind: string; at: string; body: Record<string, unknown> }): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(request.body)) {
    let text: string | undefined;
    if (Array.isArray(value) && Object.isFrozen(value)) {
      text = frozenText.get(value);
      if (text === undefined) {
        text = JSON.stringify(value);
        frozenText.set(value, text);
      }
    } else text = JSON.stringify(value) as string | undefined; // undefined, a function: left out, as JSON does
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  const { id, kind, at } = request;
  return `{"id":${JSON.stringify(id)},"kind":${JSON.stringify(kind)},"at":${JSON.stringify(at)},"body":{${fields.join(',')}}}`;
}

export const ResponseSchema = v.object({
  id: v.string(),
  ok: v.boolean(),
  body: v.optional(Json),
  error: v.optional(v.object({ code: v.string(), message: v.optional(v.string()) })),
});
export type DeviceResponse = v.InferOutput<typeof ResponseSchema>;

const AlarmSchema = v.object({ alarm_id: v.string(), sensor: v.picklist(ALARM_SENSORS) });
export type ActiveAlarm = v.InferOutput<typeof AlarmSchema>;

export const StatusSchema = v.object({
  online: v.boolean(),
  reason: v.optional(v.string()),
  at: v.optional(v.string()),
  type: v.optional(v.string()),
  model: v.optional(v.string()),
  firmware: v.optional(v.string()),
  ip: v.optional(v.string()),
  uptime_s: v.optional(v.number()),
  relays: v.optional(v.number()),
  backlog: v.optional(v.number()),
  versions: v.optional(v.object({ settings: v.number(), identifiers: v.number(), schedules: v.number() })),
  alarms: v.optional(v.array(AlarmSchema)),
  screen: v.optional(v.string()),
});
export type DeviceStatus = v.InferOutput<typeof StatusSchema>;

export const EventSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  at: v.string(),
  type: v.string(),
  data: v.optional(Json, {}),
});
export type DeviceEvent = v.InferOutput<typeof EventSchema>;

export const EventsSchema = v.object({ events: v.pipe(v.array(EventSchema), v.maxLength(EVENT_BATCH)) });
export const AckSchema = v.object({ ids: v.array(v.string()) });

/** Parses a payload with a schema; null when it is not JSON or does not fit. */
export function parsePayload<S extends v.GenericSchema>(schema: S, payload: Buffer | string): v.InferOutput<S> | null {
  if (payload.length > MAX_PAYLOAD_BYTES) return null;
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return null;
  }
  const result = v.safeParse(schema, json);
  return result.success ? result.output : null;
}

/** The last will every device sets. */
export const LOST_STATUS: DeviceStatus = { online: false, reason: 'lost' };
