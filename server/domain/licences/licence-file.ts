import { verify } from 'node:crypto';
import * as v from 'valibot';
import {
  LICENCE_LIMITS,
  LICENCE_TYPES,
  LicenceFeatureFlagsSchema,
  type LicenceType,
  RestrictPeriodSchema,
} from '../../../src/contract/entities/licence';
import { ERROR_CODES } from '../../../src/contract/errors';
import { refused } from '../errors';
import type { TrustedKeys } from './trusted-keys';

/**
 * The licence file (ours, docs/decisions.md "Licences"). A file is JSON: one signed licence,
 * or `{ "licences": [ … ] }` with several. A signed licence is
 *
 *   { "format": "gatehouse-licence", "version": 1, "key_id": "<issuer key>",
 *     "payload": "<base64url of the licence JSON>", "signature": "<base64url Ed25519>" }
 *
 * The signature covers the payload's bytes exactly as sent (no canonical JSON to agree on).
 * The payload names the installation it is for (`instance_id`), its type, period, grace days
 * and the feature flags and counts of section 3.
 */
export const LICENCE_FORMAT = 'gatehouse-licence';
export const LICENCE_FORMAT_VERSION = 1;

const b64url = v.pipe(v.string(), v.maxLength(LICENCE_LIMITS.fileMaxBytes * 2), v.regex(/^[A-Za-z0-9_-]+$/));

export const SignedLicenceSchema = v.object({
  format: v.literal(LICENCE_FORMAT),
  version: v.literal(LICENCE_FORMAT_VERSION),
  key_id: v.pipe(v.string(), v.maxLength(64)),
  payload: b64url,
  signature: b64url,
});
export type SignedLicence = v.InferOutput<typeof SignedLicenceSchema>;

const LicenceFileSchema = v.union([
  SignedLicenceSchema,
  v.object({
    licences: v.pipe(v.array(SignedLicenceSchema), v.minLength(1), v.maxLength(LICENCE_LIMITS.licencesPerFile)),
  }),
]);

/** What a licence says (the signed payload). `type` outside section 3's list reads as `unknown`. */
export const LicencePayloadSchema = v.object({
  licence_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/)),
  type: v.pipe(
    v.string(),
    v.maxLength(64),
    v.transform(
      (t): LicenceType => ((LICENCE_TYPES as readonly string[]).includes(t) ? (t as LicenceType) : 'unknown'),
    ),
  ),
  issued_at: v.pipe(v.string(), v.isoTimestamp()),
  instance_id: v.pipe(v.string(), v.maxLength(64)),
  customer: v.nullable(v.pipe(v.string(), v.maxLength(255))),
  is_active: v.boolean(),
  is_device_license: v.boolean(),
  device: v.nullable(v.pipe(v.string(), v.maxLength(64))),
  restrict_period: RestrictPeriodSchema,
  grace_days: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(365)),
  ...LicenceFeatureFlagsSchema.entries,
});
export type LicencePayload = v.InferOutput<typeof LicencePayloadSchema>;

/** A verified licence: what it says, and the signed text it came in (kept to be checked again). */
export interface VerifiedLicence {
  payload: LicencePayload;
  signed: string;
}

/** The signed licences of a file's text; `invalid file` when it is not one. */
export function readLicenceFile(text: string): SignedLicence[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refused(ERROR_CODES.invalidFile);
  }
  const parsed = v.safeParse(LicenceFileSchema, json);
  if (!parsed.success) throw refused(ERROR_CODES.invalidFile);
  return 'licences' in parsed.output ? parsed.output.licences : [parsed.output];
}

/**
 * Checks one licence's signature with the trusted key it names and reads its payload:
 * `licence sign wrong` for an unknown key or a signature that does not match (a changed
 * byte anywhere in the payload), `invalid file` for a signed payload that is not a licence.
 */
export function verifyLicence(signed: SignedLicence, keys: TrustedKeys): VerifiedLicence {
  const key = keys.get(signed.key_id);
  const bytes = Buffer.from(signed.payload, 'base64url');
  const signature = Buffer.from(signed.signature, 'base64url');
  if (!key || signature.length !== 64 || !verify(null, bytes, key, signature)) {
    throw refused(ERROR_CODES.licenceSignWrong);
  }
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refused(ERROR_CODES.invalidFile);
  }
  const payload = v.safeParse(LicencePayloadSchema, json);
  if (!payload.success) throw refused(ERROR_CODES.invalidFile);
  return { payload: payload.output, signed: JSON.stringify(signed) };
}

/** Reads a stored licence again (its signature included); null when it no longer verifies (a key withdrawn). */
export function storedLicence(signedText: string, keys: TrustedKeys): LicencePayload | null {
  try {
    const parsed = v.safeParse(SignedLicenceSchema, JSON.parse(signedText));
    return parsed.success ? verifyLicence(parsed.output, keys).payload : null;
  } catch {
    return null;
  }
}
