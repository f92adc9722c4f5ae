import { createHash } from 'node:crypto';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedWalletCertificate } from '../../server/domain/identifiers/wallet-pass';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { verifyDetachedSignature } from '../support/pkcs7';
import { demoIds } from '../support/project-users';
import { unzip } from '../support/zip';

/**
 * Apple Wallet passes (issue 12; doc 2 §7.5 `GET /identifiers/{id}/pkpass`, §7.8 apple-wallet):
 * a zip with pass.json, icons, localized labels, manifest.json and a PKCS #7 signature that
 * verifies over the manifest with the project's certificate (self-signed here, as in the demo),
 * styled by the nearest group's apple_wallet_settings; refused when nothing can sign it.
 */
describe.each(dialects)('Apple Wallet passes (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let guestKey = { id: 0, value: '' };
  const base = {
    pass_type_identifier: 'pass.test.gatehouse',
    team_identifier: 'GHTEST0001',
    organization_name: 'Riverside',
  };
  const wallet = async (apple_wallet: unknown) =>
    t.db
      .updateTable('projects')
      .set({ settings: JSON.stringify({ apple_wallet }) })
      .where('id', '=', ids.projectId)
      .execute();
  const storedWallet = async () =>
    JSON.parse(
      (await t.db.selectFrom('projects').select('settings').where('id', '=', ids.projectId).executeTakeFirstOrThrow())
        .settings,
    ).apple_wallet;
  const pkpass = (id: number) => t.call('GET', `/identifiers/${id}/pkpass`, { token: admin });

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    const rule = await t.db
      .selectFrom('access_rules')
      .select('id')
      .where('name', '=', 'Residents — Building A')
      .executeTakeFirstOrThrow();
    const res = await t.call('PUT', '/identifiers/guest', {
      token: admin,
      body: {
        name: 'Guest of 101',
        access_rules: [rule.id],
        key_message: 'Ring 101',
        period_restrict: { active: true, from: '2026-05-01T08:00:00.000Z', to: '2026-05-03T20:00:00.000Z' },
        passes_restrict: { active: true, max_count: 4 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = await t.db
      .selectFrom('identifiers')
      .select(['id', 'value'])
      .where('id', '=', res.json().data)
      .executeTakeFirstOrThrow();
    guestKey = { id: Number(key.id), value: key.value };
  });
  afterAll(() => t.close());

  it('is refused while the project has no Wallet certificate', async () => {
    await wallet(undefined);
    const res = await pkpass(guestKey.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'cannot perform action',
      params: { reason: 'apple_wallet_not_configured' },
    });
  });

  it('makes a signed pass: pass.json, icons, labels in en and ru, a manifest of them and a signature that verifies', async () => {
    await wallet({ ...base, self_signed: true });
    const res = await pkpass(guestKey.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toContain(`identifier-${guestKey.id}.pkpass`);
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'en.lproj/pass.strings',
      'icon.png',
      'icon@2x.png',
      'icon@3x.png',
      'manifest.json',
      'pass.json',
      'ru.lproj/pass.strings',
      'signature',
    ]);
    const pass = JSON.parse((files.get('pass.json') as Buffer).toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.gatehouse',
      teamIdentifier: 'GHTEST0001',
      organizationName: 'Riverside',
      serialNumber: `gatehouse-${ids.projectId}-${guestKey.id}`,
      expirationDate: '2026-05-03T20:00:00.000Z',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: guestKey.value, messageEncoding: 'iso-8859-1' }],
      generic: {
        primaryFields: [{ key: 'name', value: 'Guest of 101' }],
        secondaryFields: [
          { key: 'from', label: 'valid_from', value: '2026-05-01 08:00' },
          { key: 'to', label: 'valid_to', value: '2026-05-03 20:00' },
        ],
        auxiliaryFields: [{ key: 'passes', value: '4' }],
        backFields: [{ key: 'message', value: 'Ring 101' }],
      },
    });
    expect((files.get('ru.lproj/pass.strings') as Buffer).toString('utf8')).toContain('"valid_from" = "Действует с";');
    // The manifest names every other file with its SHA-1.
    const manifest = JSON.parse((files.get('manifest.json') as Buffer).toString('utf8'));
    const others = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(others);
    for (const name of others) {
      expect(manifest[name]).toBe(
        createHash('sha1')
          .update(files.get(name) as Buffer)
          .digest('hex'),
      );
    }
    // The signature is over the manifest, by the certificate the project now keeps, which its authority issued.
    const { signerPem } = verifyDetachedSignature(
      files.get('signature') as Buffer,
      files.get('manifest.json') as Buffer,
    );
    const stored = await storedWallet();
    expect(stored).toMatchObject({ ...base, self_signed: true });
    expect(signerPem.replace(/\r/g, '')).toBe(stored.signer_certificate.replace(/\r/g, ''));
    const authority = forge.pki.createCaStore([stored.wwdr_certificate]);
    expect(forge.pki.verifyCertificateChain(authority, [forge.pki.certificateFromPem(signerPem)])).toBe(true);
    expect(() => verifyDetachedSignature(files.get('signature') as Buffer, Buffer.from('{}'))).toThrow(/digest/);

    // Made once: the next pass is signed by the same certificate.
    const again = unzip((await pkpass(guestKey.id)).rawPayload);
    const second = verifyDetachedSignature(again.get('signature') as Buffer, again.get('manifest.json') as Buffer);
    expect(second.signerPem).toBe(signerPem);
  });

  it("signs with the project's own certificate and takes the looks of the owner's nearest group", async () => {
    const own = selfSignedWalletCertificate({ ...base, organization_name: 'Own' });
    await wallet({ ...own, self_signed: false });
    const style = await t.call('PATCH', `/domains/${ids.groups['Building A']}`, {
      token: admin,
      body: {
        apple_wallet_settings: {
          is_enabled: true,
          backfields: 'Front desk: 100002',
          background_color: '#112233',
          barcode_alt_text: 'Show at the reader',
          developer_name: 'Riverside Living',
          developer_name_color: '#abcdef',
          font_color: '#ffffff',
        },
      },
    });
    expect(style.statusCode, style.body).toBe(200);
    const code = await t.db
      .selectFrom('identifiers')
      .select(['id', 'value'])
      .where('owner_id', '=', ids.users.resident as number)
      .where('type', '=', 'code')
      .executeTakeFirstOrThrow();
    const files = unzip((await pkpass(Number(code.id))).rawPayload);
    const pass = JSON.parse((files.get('pass.json') as Buffer).toString('utf8'));
    expect(pass).toMatchObject({
      organizationName: 'Own',
      logoText: 'Riverside Living',
      backgroundColor: '#112233',
      foregroundColor: '#ffffff',
      labelColor: '#abcdef',
      barcodes: [{ message: code.value, altText: 'Show at the reader' }],
      generic: { backFields: [{ key: 'info', value: 'Front desk: 100002' }] },
    });
    const { signerPem } = verifyDetachedSignature(
      files.get('signature') as Buffer,
      files.get('manifest.json') as Buffer,
    );
    expect(signerPem.replace(/\r/g, '')).toBe(own.signer_certificate.replace(/\r/g, ''));
  });

  it('is not made for a card, nor for a revoked key', async () => {
    const card = await t.db
      .selectFrom('identifiers')
      .select('id')
      .where('owner_id', '=', ids.users.resident as number)
      .where('type', '=', 'card')
      .executeTakeFirstOrThrow();
    const refused = await pkpass(Number(card.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('view identifier not available');
    await t.call('POST', `/guest-access/keys/${guestKey.id}/revoke`, { token: admin });
    expect((await pkpass(guestKey.id)).json().message).toBe('view identifier not available');
  });
});
