import * as v from 'valibot';

/**
 * Remote control of a device (7.4; doc 1 §2.1 standalone page, §5, 8.3): a session opened by
 * `PUT /devices/remote-control/sessions` with serial_number, login, password, driven by
 * `PATCH …/{session_id}` (a command, answered with the fresh screen state) and listed under
 * `…/sessions/items`. Only an online mqtt device (§5), else 8.2's `device offline, cannot connect`
 * or `protocol not mqtt, cannot connect` (the console's 8.3 dialog). A session ends after
 * REMOTE_CONTROL.idleSeconds without a command. The standalone page opens with the session's
 * signed `payload` in its query; every PATCH carries it back.
 */
export const REMOTE_CONTROL = {
  /** A session nobody drives ends after this long (7.1 "remote-control session 60 s"). */
  idleSeconds: 60,
  /** The signed payload is good for this long at most, however busy the session. */
  payloadSeconds: 3600,
  /** Query parameter of the standalone page that carries the payload. */
  payloadParam: 'payload',
} as const;

/** What a session may ask the device (docs/device-protocol.md request kinds); `close` ends it. */
export const REMOTE_COMMANDS = ['screen.state', 'relay.open', 'call.button', 'reboot', 'close'] as const;
export type RemoteCommand = (typeof REMOTE_COMMANDS)[number];

const secretText = v.nullable(v.pipe(v.string(), v.maxLength(128)));

/**
 * PUT: the device by serial; `login`/`password` are its web credentials (device_login,
 * device_password). Null or the stored-secret placeholder means "the stored ones"; given, they
 * must match what is stored (else `invalid credentials`).
 */
export const RemoteControlOpenSchema = v.object({
  serial_number: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(64)),
  login: v.optional(secretText, null),
  password: v.optional(secretText, null),
});
export type RemoteControlOpen = v.InferOutput<typeof RemoteControlOpenSchema>;

export const RemoteControlCommandSchema = v.object({
  payload: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  command: v.picklist(REMOTE_COMMANDS),
  /** relay.open: which relay (default 1). */
  relay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(64))),
  /** call.button: which call button (1-4). */
  button: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4))),
});
export type RemoteControlCommand = v.InferOutput<typeof RemoteControlCommandSchema>;

export const RemoteControlSessionSchema = v.object({
  session_id: v.string(),
  device_id: v.number(),
  serial_number: v.string(),
  device_name: v.string(),
  device_type: v.string(),
  /** The device's screen as it last answered `screen.state`. */
  screen: v.string(),
  /** Ends then unless a command comes first (ISO-8601). */
  expires_at: v.string(),
  /** The signed payload of the standalone page (only to the session's owner). */
  payload: v.string(),
});
export type RemoteControlSession = v.InferOutput<typeof RemoteControlSessionSchema>;

export const RemoteControlParamsSchema = v.object({
  session_id: v.pipe(v.string(), v.regex(/^[\w-]{8,64}$/)),
});

/** What the standalone page reads from the payload before asking anything (not trusted: the server checks). */
export interface RemoteControlPayloadClaims {
  sid: string;
  serial: string;
  name: string;
}
