import { createPublicKey, type KeyObject } from 'node:crypto';

/**
 * The public keys whose signatures make a licence (docs/decisions.md, Licences). The product
 * only ever verifies: no private key is read by it. Each key has an id the file names
 * (`key_id`), so a new vendor key can be added beside an old one and licences signed with
 * either stay valid until the old one is dropped.
 *
 * - `gatehouse-dev-1` is the development key. Its private half is in the demo's licence issuer
 *   (server/simulator/licence-issuer.ts) and the tests, so it is trusted only where
 *   LICENCE_DEV_KEY says (by default exactly when demo content is on).
 * - Production keys: the vendor's public keys, given to the server as LICENCE_PUBLIC_KEYS
 *   (`id=base64 SPKI DER` pairs, comma-separated) or added to PRODUCT_KEYS below by the
 *   release build. Swapping the production key is adding the new one, issuing licences with
 *   it, then removing the old one.
 */
export const DEV_KEY_ID = 'gatehouse-dev-1';
const DEV_PUBLIC_KEY = 'MCowBQYDK2VwAyEACbKiFv7JqlbqedxT9JYZUnl2TSZ4u9ok0j1leoQXArE=';

/** The vendor's public keys built into a release (id → base64 SPKI DER); none in this source tree. */
const PRODUCT_KEYS: Record<string, string> = {};

/** An Ed25519 public key from its base64 SPKI DER. */
export function publicKeyOf(base64: string): KeyObject {
  const key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 public key');
  return key;
}

export type TrustedKeys = ReadonlyMap<string, KeyObject>;

/** The keys this server accepts licences from. */
export function trustedKeys(config: { devKey: boolean; publicKeys: Record<string, string> }): TrustedKeys {
  const keys = new Map<string, KeyObject>();
  for (const [id, key] of Object.entries({ ...PRODUCT_KEYS, ...config.publicKeys })) keys.set(id, publicKeyOf(key));
  if (config.devKey) keys.set(DEV_KEY_ID, publicKeyOf(DEV_PUBLIC_KEY));
  return keys;
}
