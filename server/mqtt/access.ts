import type { AedesOptions, AuthenticateError, Client } from 'aedes';
import { deviceMayPublish, deviceMaySubscribe, isSerial } from './topics';

/**
 * Who may connect to the embedded broker and where they may publish and subscribe: a device
 * under its own serial's topics only (docs/device-protocol.md, Connecting and credentials);
 * the server's own credential everywhere under `gh/`.
 */

/** Checks a device's login and MQTT password; the platform answers from its devices table. */
export type DeviceAuthenticator = (username: string, password: string) => Promise<{ serial: string } | null>;

/** A user name and password. */
export interface Credential {
  username: string;
  password: string;
}

/** Who a connected client is. */
export type Identity = { role: 'device'; serial: string } | { role: 'server' };

/** CONNACK return code 4 (bad user name or password), 5 (not authorised). */
function refusal(code: 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/** Compares two secrets without telling how much of them matched. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** The aedes hooks, and the identity of each connected client. */
export function accessHooks(authenticate: DeviceAuthenticator, server: Credential | null) {
  const identities = new WeakMap<Client, Identity>();
  const hooks: Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'> = {
    authenticate(client, username, password, done) {
      const user = username ?? '';
      const secret = password?.toString('utf8') ?? '';
      if (server && user === server.username) {
        if (!sameSecret(secret, server.password)) return done(refusal(4, 'bad server credential'), false);
        identities.set(client, { role: 'server' });
        return done(null, true);
      }
      authenticate(user, secret).then(
        (found) => {
          if (!found) return done(refusal(4, 'bad user name or password'), false);
          // The client id is the serial: another id could take over a different device's session.
          if (client.id !== found.serial || !isSerial(found.serial))
            return done(refusal(5, 'client id must be the serial'), false);
          identities.set(client, { role: 'device', serial: found.serial });
          done(null, true);
        },
        () => done(refusal(4, 'authentication failed'), false),
      );
    },
    authorizePublish(client, packet, done) {
      if (client === null) return done(null); // the broker's own publishes
      const who = identities.get(client);
      if (who?.role === 'server') return done(packet.topic.startsWith('gh/') ? null : new Error('outside gh/'));
      if (who?.role === 'device' && deviceMayPublish(who.serial, packet.topic)) return done(null);
      done(new Error('not your topic'));
    },
    authorizeSubscribe(client, subscription, done) {
      const who = identities.get(client);
      if (who?.role === 'server' && subscription.topic.startsWith('gh/')) return done(null, subscription);
      if (who?.role === 'device' && deviceMaySubscribe(who.serial, subscription.topic)) return done(null, subscription);
      done(null, null); // SUBACK 0x80 for this filter
    },
  };
  return { hooks, identityOf: (client: Client) => identities.get(client) ?? null };
}
