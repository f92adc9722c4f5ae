import * as v from 'valibot';

/**
 * Calls management of the telephony server (7.6, 7.10, issue 5): waiting
 * (awaiting) calls, their realtime updates, stop by speech id, the concierge's
 * door devices and door opening. Shapes agreed between the SIP server and the
 * softphone (briefs/telephony-contract.md).
 */

/** Call statuses as the server names them (4: answered = active, waiting = paused, answered_waiting = processed_paused). */
export const CALL_STATUSES_SERVER = ['new', 'calling', 'answered', 'waiting', 'answered_waiting', 'destroyed'] as const;
export const CallStatusServerSchema = v.picklist(CALL_STATUSES_SERVER);
export type CallStatusServer = v.InferOutput<typeof CallStatusServerSchema>;

/** normal: a direct SIP call; awaiting: a queued call held on the server (4). */
export const CALL_TYPES = ['normal', 'awaiting'] as const;
export const CallTypeSchema = v.picklist(CALL_TYPES);
export type CallType = v.InferOutput<typeof CallTypeSchema>;

/** Who is calling, when the server knows it (a door panel's address, a resident's name). */
export const CallInfoSchema = v.object({ address: v.nullable(v.string()), user: v.nullable(v.string()) });
export type CallInfo = v.InferOutput<typeof CallInfoSchema>;

/** A call as calls management reports it: GET /calls/waiting/items and CallUpdated. `id` is the speech id. */
export const WaitingCallSchema = v.object({
  id: v.string(),
  caller: v.string(),
  callee: v.string(),
  status: CallStatusServerSchema,
  /** The number that answered (joined) the call, if any. */
  answered_by: v.nullable(v.string()),
  type: CallTypeSchema,
  info: CallInfoSchema,
  created_at: v.string(),
});
export type WaitingCall = v.InferOutput<typeof WaitingCallSchema>;

/** Realtime message on `callManagementTopic(number)` (7.10). */
export const CallUpdatedEventSchema = v.object({ type: v.literal('CallUpdated'), call: WaitingCallSchema });
export type CallUpdatedEvent = v.InferOutput<typeof CallUpdatedEventSchema>;

/** POST /calls/stop body: stop an awaiting call by its speech id. */
export const StopCallSchema = v.object({ speech_id: v.pipe(v.string(), v.minLength(1)) });

/** A door device the concierge may open (GET /calls/concierge/devices/items). */
export const DoorDeviceSchema = v.object({
  token: v.nullable(v.string()),
  name: v.string(),
  sip_number: v.nullable(v.string()),
});
export type DoorDevice = v.InferOutput<typeof DoorDeviceSchema>;

/** POST /calls/door/open body. */
export const DoorOpenSchema = v.object({ token: v.pipe(v.string(), v.minLength(1)) });

/** Custom SIP headers (7.11): outgoing INVITEs carry the speech id; server INVITEs carry all four. */
export const SIP_HEADERS = {
  speechId: 'X-Speech-Id',
  sosCall: 'X-Sos-Call',
  speechType: 'X-Speech-Type',
  targetCallee: 'X-Target-Callee',
} as const;
