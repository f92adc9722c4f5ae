import * as v from 'valibot';

/**
 * Calls management (7.6) and the embedded SIP server's conventions (7.11):
 * awaiting calls held on the server, the concierge's door devices, the SIP
 * service. Agreed between the SIP server, the softphone and phone admin.
 */

/** Call statuses as the server names them (section 4: active = answered, paused = waiting, processed_paused = answered_waiting). */
export const CALL_STATUSES_SERVER = ['new', 'calling', 'answered', 'waiting', 'answered_waiting', 'destroyed'] as const;
export const CallStatusServerSchema = v.picklist(CALL_STATUSES_SERVER);
export type CallStatusServer = v.InferOutput<typeof CallStatusServerSchema>;

/** normal: a direct SIP call; awaiting: a call queued and held on the server. */
export const CALL_TYPES = ['normal', 'awaiting'] as const;
export const CallTypeSchema = v.picklist(CALL_TYPES);
export type CallType = v.InferOutput<typeof CallTypeSchema>;

/** Who is calling, when the server knows it (a door panel's address, a resident's name). */
export const CallInfoSchema = v.object({ address: v.nullable(v.string()), user: v.nullable(v.string()) });
export type CallInfo = v.InferOutput<typeof CallInfoSchema>;

/** A call held by the server (GET /calls/waiting/items, CallUpdated). */
export const WaitingCallSchema = v.object({
  /** The speech id (X-Speech-Id) of the call. */
  id: v.string(),
  /** Number that called. */
  caller: v.string(),
  /** Number that was called (a group's master number or a concierge number). */
  callee: v.string(),
  status: CallStatusServerSchema,
  /** Number of the concierge who joined, or null. */
  answered_by: v.nullable(v.string()),
  type: CallTypeSchema,
  /** Who is calling: the caller's group (or device) and user names. */
  info: CallInfoSchema,
  created_at: v.string(),
});
export type WaitingCall = v.InferOutput<typeof WaitingCallSchema>;

/** Realtime event on `callManagementTopic(number)` of every concierge concerned by the call. */
export const CallUpdatedEventSchema = v.object({ type: v.literal('CallUpdated'), call: WaitingCallSchema });
export type CallUpdatedEvent = v.InferOutput<typeof CallUpdatedEventSchema>;

/** POST /calls/stop body: ends an awaiting call (the caller too). */
export const StopCallSchema = v.object({ speech_id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) });

/**
 * A door device of the concierge's door management (GET /calls/concierge/devices/items). The server
 * lists only devices with a token and an active number; the console tolerates nulls (door open is
 * disabled without a token).
 */
export const DoorDeviceSchema = v.object({
  token: v.nullable(v.string()),
  name: v.string(),
  sip_number: v.nullable(v.string()),
});
export type DoorDevice = v.InferOutput<typeof DoorDeviceSchema>;

/** POST /calls/door/open body. */
export const DoorOpenSchema = v.object({ token: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) });

/** States of the embedded SIP service. */
export const SIP_SERVICE_STATES = ['running', 'stopped', 'restarting', 'error'] as const;

/** GET /sip/status answer. */
export const SipStatusSchema = v.object({
  status: v.picklist(SIP_SERVICE_STATES),
  /** Where the WSS listener is (null when stopped). */
  port: v.nullable(v.number()),
  /** The SIP domain: host of registrations (number@host) and digest realm. */
  domain: v.string(),
  started_at: v.nullable(v.string()),
  connections: v.number(),
  /** Numbers with at least one registration, and all registrations. */
  registered_numbers: v.number(),
  registrations: v.number(),
  /** Direct calls ringing or connected, and awaiting calls held. */
  calls: v.number(),
  waiting_calls: v.number(),
  certificate: v.object({ self_signed: v.boolean(), valid_to: v.nullable(v.string()) }),
  /** Why the service is in `error`. */
  error: v.nullable(v.string()),
});
export type SipStatus = v.InferOutput<typeof SipStatusSchema>;

/** Custom SIP headers (7.11). Outgoing INVITEs carry the speech id; the server adds the rest towards browsers. */
export const SIP_HEADERS = {
  speechId: 'X-Speech-Id',
  sosCall: 'X-Sos-Call',
  speechType: 'X-Speech-Type',
  targetCallee: 'X-Target-Callee',
} as const;

/** DTMF by SIP INFO (7.11): this content type, body `Signal=#\r\nDuration=160`. */
export const DTMF_CONTENT_TYPE = 'application/dtmf-relay';
/** The tone that opens a door panel's door. */
export const DOOR_OPEN_TONE = '#';
