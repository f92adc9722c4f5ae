import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { STORED_SECRET } from '../../../src/contract/entities/device';
import { ERROR_CODES } from '../../../src/contract/errors';
import {
  REMOTE_CONTROL,
  type RemoteControlCommand,
  type RemoteControlOpen,
  type RemoteControlSession,
} from '../../../src/contract/remote-control';
import type { Database } from '../../db/schema';
import { type DeviceLink, DeviceLinkError } from '../../mqtt/link';
import type { RequestKind } from '../../mqtt/protocol';
import type { Auth } from '../auth/auth-context';
import type { Clock } from '../clock';
import { conflict, invalidData, itemNotFound, refused } from '../errors';
import { scopedDevices } from './devices';

/**
 * Remote control sessions (7.4; §5; 8.3). Kept in memory: a session lives 60 s without a
 * command, so a restart ending them costs an operator one click (docs/decisions.md, Devices).
 * Each session has a signed payload (HS256 under a key derived from the server's JWT key, so
 * it is never mistaken for an access token) that the standalone page carries and every PATCH
 * sends back: it must name this session and this user, and not be past its expiry.
 */

interface Session {
  id: string;
  userId: number;
  projectId: number;
  deviceId: number;
  serial: string;
  name: string;
  type: string;
  screen: string;
  expiresAt: number;
  payload: string;
}

const AUDIENCE = 'gatehouse:remote-control';

const COMMAND_KINDS: Record<Exclude<RemoteControlCommand['command'], 'close'>, RequestKind> = {
  'screen.state': 'screen.state',
  'relay.open': 'relay.open',
  'call.button': 'call.button',
  reboot: 'reboot',
};

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface RemoteControlOptions {
  db: Kysely<Database>;
  link: DeviceLink;
  clock: Clock;
  /** The server's JWT key; the payload key is derived from it. */
  jwtKey: Uint8Array;
}

export function createRemoteControl(options: RemoteControlOptions) {
  const key = createHmac('sha256', options.jwtKey).update('remote-control payload').digest();
  const sessions = new Map<string, Session>();
  const now = () => options.clock.now().getTime();

  /** Sessions past their idle time are gone. */
  function sweep() {
    const at = now();
    for (const [id, session] of sessions) if (session.expiresAt <= at) sessions.delete(id);
  }

  const view = (s: Session): RemoteControlSession => ({
    session_id: s.id,
    device_id: s.deviceId,
    serial_number: s.serial,
    device_name: s.name,
    device_type: s.type,
    screen: s.screen,
    expires_at: new Date(s.expiresAt).toISOString(),
    payload: s.payload,
  });

  /** A link failure as the catalogue says it: offline for anything but the device's own refusal. */
  function linkError(error: unknown): never {
    if (error instanceof DeviceLinkError && error.code === 'refused') {
      if (error.deviceCode === 'relay_out_of_range') throw invalidData({ relay: { code: 'invalid' } });
      throw refused(ERROR_CODES.cannotPerformAction);
    }
    if (error instanceof DeviceLinkError) throw conflict(ERROR_CODES.deviceOffline);
    throw error;
  }

  async function screenOf(serial: string): Promise<string> {
    const body = await options.link.request(serial, 'screen.state', {}).catch(linkError);
    return typeof body.screen === 'string' ? body.screen : 'unknown';
  }

  return {
    async open(auth: Auth, body: RemoteControlOpen): Promise<RemoteControlSession> {
      sweep();
      const device = await scopedDevices(options.db, auth)
        .select(['d.id', 'd.name', 'd.type', 'd.serial_number', 'd.protocol', 'd.device_login', 'd.device_password'])
        .where('d.serial_number', '=', body.serial_number)
        .executeTakeFirst();
      if (!device?.serial_number) throw itemNotFound();
      // §5: only an mqtt device that is online (8.3's dialog on the console otherwise).
      if (device.protocol !== 'mqtt') throw conflict(ERROR_CODES.protocolNotMqtt);
      if (!options.link.isOnline(device.serial_number)) throw conflict(ERROR_CODES.deviceOffline);
      const loginWrong = body.login !== null && body.login !== '' && body.login !== (device.device_login ?? '');
      const passwordWrong =
        body.password !== null &&
        body.password !== '' &&
        body.password !== STORED_SECRET &&
        !sameText(body.password, device.device_password ?? '');
      if (loginWrong || passwordWrong) throw refused(ERROR_CODES.invalidCredentials);
      const screen = await screenOf(device.serial_number);
      const id = randomBytes(18).toString('base64url');
      const issuedAt = Math.floor(now() / 1000);
      const payload = await new SignJWT({ sid: id, uid: auth.userId, serial: device.serial_number, name: device.name })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + REMOTE_CONTROL.payloadSeconds)
        .sign(key);
      const session: Session = {
        id,
        userId: auth.userId,
        projectId: auth.projectId,
        deviceId: Number(device.id),
        serial: device.serial_number,
        name: device.name,
        type: device.type,
        screen,
        expiresAt: now() + REMOTE_CONTROL.idleSeconds * 1000,
        payload,
      };
      sessions.set(id, session);
      return view(session);
    },

    async command(auth: Auth, sessionId: string, body: RemoteControlCommand): Promise<RemoteControlSession> {
      sweep();
      const session = sessions.get(sessionId);
      // Someone else's session is as unknown as an ended one.
      if (!session || session.userId !== auth.userId || session.projectId !== auth.projectId) throw itemNotFound();
      const claims = await jwtVerify(body.payload, key, {
        audience: AUDIENCE,
        currentDate: options.clock.now(),
      }).catch(() => null);
      if (!claims || claims.payload.sid !== session.id || claims.payload.uid !== auth.userId) {
        throw refused(ERROR_CODES.invalidToken);
      }
      if (body.command === 'close') {
        sessions.delete(session.id);
        return { ...view(session), expires_at: new Date(now()).toISOString() };
      }
      const payload: Record<string, unknown> = {};
      if (body.command === 'relay.open') payload.relay = body.relay ?? 1;
      if (body.command === 'call.button') {
        if (body.button === undefined) throw invalidData({ button: { code: 'required' } });
        payload.button = body.button;
      }
      if (body.command !== 'screen.state') {
        await options.link.request(session.serial, COMMAND_KINDS[body.command], payload).catch(linkError);
      }
      // A reboot takes the device away: its screen is asked next time.
      if (body.command !== 'reboot') session.screen = await screenOf(session.serial);
      session.expiresAt = now() + REMOTE_CONTROL.idleSeconds * 1000;
      return view(session);
    },

    list(auth: Auth): RemoteControlSession[] {
      sweep();
      return [...sessions.values()].filter((s) => s.userId === auth.userId && s.projectId === auth.projectId).map(view);
    },
  };
}
export type RemoteControl = ReturnType<typeof createRemoteControl>;
