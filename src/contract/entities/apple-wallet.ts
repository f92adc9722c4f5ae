import * as v from 'valibot';

/**
 * The project's Apple Wallet signing (doc 1 §3 project settings "Apple wallet"; 7.8
 * `project/apple-wallet`), kept in the project's settings under `apple_wallet` until the settings
 * page edits it (issue 14): the Pass Type ID and team, the pass type certificate with its key (PEM)
 * and Apple's WWDR intermediate (PEM). With `self_signed` and no certificate, the server makes a
 * self-signed one the first time a pass is asked for (the demo): such passes open in no Wallet,
 * but carry a signature that verifies against the stored certificate.
 * What a pass looks like comes from the groups' `apple_wallet_settings` (AppleWalletSettingsSchema).
 */
const pem = (label: string) => v.pipe(v.string(), v.includes(`-----BEGIN ${label}`), v.maxLength(20_000));

export const AppleWalletCertificateSchema = v.object({
  pass_type_identifier: v.pipe(v.string(), v.regex(/^pass\.[A-Za-z0-9.-]{1,200}$/)),
  team_identifier: v.pipe(v.string(), v.regex(/^[A-Z0-9]{4,20}$/)),
  organization_name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  signer_certificate: v.optional(v.nullable(pem('CERTIFICATE')), null),
  /** RSA key of the certificate, PEM (encrypted with the passphrase, or not). */
  signer_key: v.optional(v.nullable(pem('')), null),
  signer_key_passphrase: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200))), null),
  wwdr_certificate: v.optional(v.nullable(pem('CERTIFICATE')), null),
  self_signed: v.optional(v.boolean(), false),
});
export type AppleWalletCertificate = v.InferOutput<typeof AppleWalletCertificateSchema>;
