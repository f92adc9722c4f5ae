import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { UNLIMITED_LICENCE_PERIOD } from '../../src/contract/constants';
import {
  LICENCE_FORMAT,
  LICENCE_FORMAT_VERSION,
  type LicencePayload,
  type SignedLicence,
} from '../domain/licences/licence-file';
import { DEV_KEY_ID } from '../domain/licences/trusted-keys';

/**
 * The vendor's side of licences, for the demo and the tests only: it issues licences signed
 * with the development key (docs/decisions.md "Licences"). The product never signs: it
 * accepts this key only where LICENCE_DEV_KEY is on (by default, with demo content). This
 * private key is public in this repository, which is why production trusts only the vendor's
 * keys (server/domain/licences/trusted-keys.ts).
 */
const DEV_PRIVATE_KEY = 'MC4CAQAwBQYDK2VwBCIEIBtCeCwviAvLKnef9y0aVvH2K15bEkym0k4RGa1gUcDe';

/** A licence with every feature on and no count limit, for `instanceId`, unlimited unless told. */
export function fullLicence(instanceId: string, overrides: Partial<LicencePayload> = {}): LicencePayload {
  return {
    licence_id: randomUUID(),
    type: 'plus',
    issued_at: new Date().toISOString(),
    instance_id: instanceId,
    customer: null,
    is_active: true,
    is_device_license: false,
    device: null,
    restrict_period: { is_active: false, from: UNLIMITED_LICENCE_PERIOD.from, to: UNLIMITED_LICENCE_PERIOD.to },
    grace_days: 14,
    sip: { is_enabled: true, is_sip_trunks_enabled: true, is_web_dialer_enabled: true, license_count: null },
    mobile_app: {
      is_enabled: true,
      is_white_label_enabled: true,
      is_domain_forward_rule_enabled: true,
      is_remote_open_enabled: true,
      is_siri_enabled: true,
      is_apple_watch_enabled: true,
      is_family_events_enabled: true,
      license_count: null,
    },
    ukey2: { is_enabled: true, license_count: null },
    elevator: true,
    amenity: true,
    license_plate: true,
    face_id: { is_enabled: true, is_enabled_for_guests: true },
    identifier: { is_guest_enabled: true },
    ...overrides,
  };
}

/** The same licence with every feature off (then turn on what it is for). */
export function bareLicence(instanceId: string, overrides: Partial<LicencePayload> = {}): LicencePayload {
  const full = fullLicence(instanceId);
  return {
    ...full,
    type: 'basic',
    sip: { is_enabled: false, is_sip_trunks_enabled: false, is_web_dialer_enabled: false, license_count: 0 },
    mobile_app: {
      ...full.mobile_app,
      is_enabled: false,
      is_white_label_enabled: false,
      is_domain_forward_rule_enabled: false,
      is_remote_open_enabled: false,
      is_siri_enabled: false,
      is_apple_watch_enabled: false,
      is_family_events_enabled: false,
      license_count: 0,
    },
    ukey2: { is_enabled: false, license_count: 0 },
    elevator: false,
    amenity: false,
    license_plate: false,
    face_id: { is_enabled: false, is_enabled_for_guests: false },
    identifier: { is_guest_enabled: false },
    ...overrides,
  };
}

/** Signs a licence (a payload as JSON, signed as bytes). `privateKey` defaults to the development key. */
export function signLicence(payload: unknown, options: { keyId?: string; privateKey?: string } = {}): SignedLicence {
  const key = createPrivateKey({
    key: Buffer.from(options.privateKey ?? DEV_PRIVATE_KEY, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  const bytes = Buffer.from(JSON.stringify(payload), 'utf8');
  return {
    format: LICENCE_FORMAT,
    version: LICENCE_FORMAT_VERSION,
    key_id: options.keyId ?? DEV_KEY_ID,
    payload: bytes.toString('base64url'),
    signature: sign(null, bytes, key).toString('base64url'),
  };
}

/** A licence file's text: one licence, or several in `{ licences: [...] }`. */
export function licenceFile(...licences: SignedLicence[]): string {
  return JSON.stringify(licences.length === 1 ? licences[0] : { licences }, null, 2);
}
