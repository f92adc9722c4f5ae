import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Jimp } from 'jimp';
import type { Kysely } from 'kysely';
import forge from 'node-forge';
import { PKPass } from 'passkit-generator';
import * as v from 'valibot';
import { type AppleWalletCertificate, AppleWalletCertificateSchema } from '../../../src/contract/entities/apple-wallet';
import type { GroupSettings } from '../../../src/contract/entities/group';
import { QR_IDENTIFIER_TYPES } from '../../../src/contract/entities/identifier';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { Database } from '../../db/schema';
import { conflict, refused } from '../errors';
import { readSettings } from '../groups/read';

/**
 * Apple Wallet passes of identifiers (7.5 `GET /identifiers/{id}/pkpass`): a generic pass whose
 * QR barcode carries the identifier's value (what a door's reader scans), with its name, period,
 * passes and (for a guest key) its message, signed (PKCS #7, passkit-generator) with the
 * project's Wallet certificate (`projects.settings.apple_wallet`, AppleWalletCertificateSchema).
 * Its looks come from the `apple_wallet_settings` of the nearest group up the tree of the
 * identifier's person (owner, or a guest key's granter) that enables them.
 */

type WalletSigning = AppleWalletCertificate & {
  signer_certificate: string;
  signer_key: string;
  wwdr_certificate: string;
};

const SettingsSchema = v.looseObject({ apple_wallet: v.optional(v.unknown()) });

/** A certificate authority and a pass certificate it signed, made here (the demo; tests). */
export function selfSignedWalletCertificate(
  base: Pick<AppleWalletCertificate, 'pass_type_identifier' | 'team_identifier' | 'organization_name'>,
): WalletSigning {
  const pair = () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    return {
      publicKey: forge.pki.publicKeyFromPem(publicKey),
      privateKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey,
      pem: privateKey,
    };
  };
  const make = (
    subject: forge.pki.CertificateField[],
    issuer: forge.pki.CertificateField[],
    publicKey: forge.pki.PublicKey,
    signer: forge.pki.rsa.PrivateKey,
    ca: boolean,
  ) => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = publicKey;
    cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
    cert.validity.notBefore = new Date(Date.now() - 86_400_000);
    cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
    cert.setSubject(subject);
    cert.setIssuer(issuer);
    cert.setExtensions([{ name: 'basicConstraints', cA: ca }]);
    cert.sign(signer, forge.md.sha256.create());
    return forge.pki.certificateToPem(cert);
  };
  const caKeys = pair();
  const signerKeys = pair();
  const caName = [
    { name: 'commonName', value: 'Gatehouse self-signed Wallet authority' },
    { name: 'organizationName', value: base.organization_name },
  ];
  const signerName = [
    { type: '0.9.2342.19200300.100.1.1', value: base.pass_type_identifier }, // UID, as Apple's pass certificates carry it
    { name: 'commonName', value: `Pass Type ID: ${base.pass_type_identifier}` },
    { shortName: 'OU', value: base.team_identifier },
    { name: 'organizationName', value: base.organization_name },
  ];
  return {
    ...base,
    wwdr_certificate: make(caName, caName, caKeys.publicKey, caKeys.privateKey, true),
    signer_certificate: make(signerName, caName, signerKeys.publicKey, caKeys.privateKey, false),
    signer_key: signerKeys.pem,
    signer_key_passphrase: null,
    self_signed: true,
  };
}

/** The project's signing; a self-signed one is made once where the settings ask for it. */
async function walletSigning(db: Kysely<Database>, projectId: number): Promise<WalletSigning> {
  const project = await db.selectFrom('projects').select('settings').where('id', '=', projectId).executeTakeFirst();
  let settings: Record<string, unknown> = {};
  try {
    settings = v.parse(SettingsSchema, JSON.parse(project?.settings ?? '{}'));
  } catch {
    settings = {};
  }
  const parsed = v.safeParse(AppleWalletCertificateSchema, settings.apple_wallet);
  const notConfigured = () =>
    conflict(ERROR_CODES.cannotPerformAction, { params: { reason: 'apple_wallet_not_configured' } });
  if (!parsed.success) throw notConfigured();
  const wallet = parsed.output;
  if (wallet.signer_certificate && wallet.signer_key && wallet.wwdr_certificate) return wallet as WalletSigning;
  if (!wallet.self_signed) throw notConfigured();
  const made = selfSignedWalletCertificate(wallet);
  await db
    .updateTable('projects')
    .set({ settings: JSON.stringify({ ...settings, apple_wallet: made }) })
    .where('id', '=', projectId)
    .execute();
  return made;
}

/** The Wallet looks of the nearest group up the tree of these people's groups that enables them. */
async function walletStyle(
  db: Kysely<Database>,
  projectId: number,
  userId: number | null,
): Promise<GroupSettings['apple_wallet_settings'] | null> {
  if (userId === null) return null;
  const rows = await db
    .selectFrom('user_domains as ud')
    .innerJoin('domains as g', 'g.id', 'ud.domain_id')
    .innerJoin('domains as a', (j) =>
      j.onRef('a.project_id', '=', 'g.project_id').onRef('a.lft', '<=', 'g.lft').onRef('a.rgt', '>=', 'g.rgt'),
    )
    .select(['a.lft', 'a.settings'])
    .where('ud.user_id', '=', userId)
    .where('g.project_id', '=', projectId)
    .orderBy('a.lft', 'desc')
    .execute();
  for (const row of rows) {
    const style = readSettings(row.settings).apple_wallet_settings;
    if (style.is_enabled) return style;
  }
  return null;
}

const COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
const color = (value: string | null | undefined) => (value && COLOR.test(value) ? value : undefined);

let icons: Promise<Record<string, Buffer>> | null = null;
/** The pass's icon (Wallet requires one): a door on the console's dark blue, 29 pt at 1x, 2x and 3x. */
function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= (async () => {
    const out: Record<string, Buffer> = {};
    for (const [name, size] of [
      ['icon.png', 29],
      ['icon@2x.png', 58],
      ['icon@3x.png', 87],
    ] as const) {
      const image = new Jimp({ width: size, height: size, color: 0x1e3a8aff });
      const w = Math.round(size * 0.4);
      const h = Math.round(size * 0.62);
      const x0 = Math.round((size - w) / 2);
      const y0 = Math.round((size - h) / 2);
      image.scan(x0, y0, w, h, (_x, _y, idx) => {
        image.bitmap.data.writeUInt32BE(0xffffffff, idx);
      });
      out[name] = await image.getBuffer('image/png');
    }
    return out;
  })();
  return icons;
}

const dateText = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The pass's labels in the console's languages (Wallet shows the phone's). */
const LABELS: Record<'en' | 'ru', Record<string, string>> = {
  en: { valid_from: 'Valid from', valid_to: 'Valid to', passes: 'Passes', message: 'Message', info: 'Information' },
  ru: {
    valid_from: 'Действует с',
    valid_to: 'Действует до',
    passes: 'Проходы',
    message: 'Сообщение',
    info: 'Информация',
  },
};

/** The signed .pkpass of an identifier: a zip of pass.json, the icons, manifest.json and signature. */
export async function identifierPass(db: Kysely<Database>, id: number): Promise<Buffer> {
  const row = await db
    .selectFrom('identifiers as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select([
      'i.id',
      'i.project_id',
      'i.name',
      'i.type',
      'i.value',
      'i.revoked_at',
      'i.owner_type',
      'i.owner_id',
      'i.created_by_user_id',
      'i.period_active',
      'i.period_from',
      'i.period_to',
      'i.passes_active',
      'i.passes_max_count',
      'i.key_message',
      'p.name as project_name',
    ])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || !(QR_IDENTIFIER_TYPES as readonly string[]).includes(row.type)) {
    throw refused(ERROR_CODES.viewIdentifierNotAvailable);
  }
  const projectId = Number(row.project_id);
  const signing = await walletSigning(db, projectId);
  const person = row.owner_type === 'guest' ? row.created_by_user_id : row.owner_id;
  const style = await walletStyle(db, projectId, person === null ? null : Number(person));
  const period = Number(row.period_active) === 1;
  const secondary = [
    ...(period && row.period_from ? [{ key: 'from', label: 'valid_from', value: dateText(row.period_from) }] : []),
    ...(period && row.period_to ? [{ key: 'to', label: 'valid_to', value: dateText(row.period_to) }] : []),
  ];
  const auxiliary =
    Number(row.passes_active) === 1 && row.passes_max_count !== null
      ? [{ key: 'passes', label: 'passes', value: String(row.passes_max_count) }]
      : [];
  const back = [
    ...(row.key_message ? [{ key: 'message', label: 'message', value: row.key_message }] : []),
    ...(style?.backfields ? [{ key: 'info', label: 'info', value: style.backfields }] : []),
  ];
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: signing.pass_type_identifier,
    teamIdentifier: signing.team_identifier,
    organizationName: signing.organization_name,
    serialNumber: `gatehouse-${projectId}-${row.id}`,
    description: row.name ?? `${row.project_name} access`,
    logoText: style?.developer_name ?? row.project_name,
    ...(color(style?.background_color) ? { backgroundColor: color(style?.background_color) } : {}),
    ...(color(style?.font_color) ? { foregroundColor: color(style?.font_color) } : {}),
    ...(color(style?.developer_name_color) ? { labelColor: color(style?.developer_name_color) } : {}),
    ...(period && row.period_to ? { expirationDate: row.period_to } : {}),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: row.value,
        messageEncoding: 'iso-8859-1',
        altText: style?.barcode_alt_text ?? row.value,
      },
    ],
    generic: {
      primaryFields: [{ key: 'name', label: row.project_name, value: row.name ?? row.value }],
      secondaryFields: secondary,
      auxiliaryFields: auxiliary,
      backFields: back,
    },
  };
  const pass = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...(await passIcons()) },
    {
      wwdr: signing.wwdr_certificate,
      signerCert: signing.signer_certificate,
      signerKey: signing.signer_key,
      ...(signing.signer_key_passphrase ? { signerKeyPassphrase: signing.signer_key_passphrase } : {}),
    },
  );
  for (const [lang, labels] of Object.entries(LABELS)) pass.localize(lang, labels);
  return pass.getAsBuffer();
}
