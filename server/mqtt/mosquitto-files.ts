import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { DEVICE_PUBLISHES, DEVICE_SUBSCRIBES, isSerial, TOPIC_PREFIX } from './topics';

/**
 * Per-device credentials on Mosquitto (docs/device-protocol.md, "External broker"): a password
 * file with one line per device (login = serial, password = its MQTT password) and the server's
 * own credential, and an ACL file that gives each login only its own topics (`%u`), the server
 * all of `gh/v0/#`. Mosquitto reads both at start and again on SIGHUP.
 */

export interface MosquittoLogin {
  username: string;
  password: string;
}

/** Mosquitto 2's own hash (`mosquitto_passwd`): `$7$` = PBKDF2-HMAC-SHA512, 101 rounds, 12-byte salt. */
export function mosquittoHash(password: string, salt = randomBytes(12), iterations = 101): string {
  const hash = pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return `$7$${iterations}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The password file: the server first, then every device whose serial can be a login. */
export function mosquittoPasswordFile(server: MosquittoLogin, devices: readonly MosquittoLogin[]): string {
  const lines = [server, ...devices.filter((device) => isSerial(device.username))].map(
    (login) => `${login.username}:${mosquittoHash(login.password)}`,
  );
  return `${lines.join('\n')}\n`;
}

/** The ACL file: devices their own channels by pattern, the server everything of the protocol. */
export function mosquittoAclFile(serverUsername: string): string {
  return [
    '# Gatehouse device protocol (docs/device-protocol.md): a device logs in with its serial.',
    ...DEVICE_PUBLISHES.map((channel) => `pattern write ${TOPIC_PREFIX}/%u/${channel}`),
    ...DEVICE_SUBSCRIBES.map((channel) => `pattern read ${TOPIC_PREFIX}/%u/${channel}`),
    '',
    '# The platform server (every node logs in with this one credential).',
    `user ${serverUsername}`,
    `topic readwrite ${TOPIC_PREFIX}/#`,
    '',
  ].join('\n');
}
