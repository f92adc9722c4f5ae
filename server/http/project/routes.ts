import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { AppContext } from '../../context';
import { readJson } from '../../db/json';
import { devicesOfScheduledRules } from '../../domain/access/sync/affected';
import { requestAccessSync } from '../../domain/access/sync/request';
import type { Auth } from '../../domain/auth/auth-context';
import { nowIso } from '../../domain/clock';
import { itemNotFound, prohibited } from '../../domain/errors';
import { canEdit, canManageSelf, loadGroupAccess } from '../../domain/groups/access';
import { requireVisibleGroup } from '../../domain/groups/groups';
import { selectGroups, toGroupItem } from '../../domain/groups/read';
import { sendMailTest } from '../../domain/mail/preview';
import {
  readBrokerCertificates,
  removeBrokerCertificates,
  storeBrokerCertificates,
} from '../../domain/project/broker-certificates';
import { importDeviceBackup } from '../../domain/project/device-backup';
import { logoDir, removeLogo, storeLogo } from '../../domain/project/logos';
import { patchMail, readMail } from '../../domain/project/mail-settings';
import {
  patchAppleWallet,
  patchGeneral,
  patchPush,
  readAppleWallet,
  readGeneral,
  readPush,
} from '../../domain/project/settings';
import {
  deleteResidentPhonebook,
  domainForwardRules,
  patchDomainForwardRules,
  patchSip,
  projectSip,
} from '../../domain/project/sip-settings';
import { patchWhitelabel, readWhitelabel, setProjectLogo } from '../../domain/project/whitelabel';
import { registerCall } from '../plumbing/register-call';

/**
 * Project settings (7.8): a GET and a PATCH per section, the white-label logos
 * (the project's, and a group's of 7.3), the broker's certificate, the mail
 * test, the resident phonebook's delete and the device backup import. The rules
 * are in server/domain/project; the permissions in the declarations.
 */
export async function projectRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db, config } = ctx;

  registerCall(app, 'GET /project/general', async ({ auth }) => ({
    data: await readGeneral(db, config, auth.projectId),
  }));
  registerCall(app, 'PATCH /project/general', async ({ auth, body }) => {
    const { timeZoneChanged } = await patchGeneral(db, auth.projectId, auth.userId, body);
    // Doors judge schedules in the project's zone (door lists carry it): they get their schedules again.
    if (timeZoneChanged) {
      await requestAccessSync(ctx, auth.projectId, await devicesOfScheduledRules(db, auth.projectId), [
        'schedules',
      ]).catch((error: unknown) =>
        app.log.warn({ err: error }, 'schedule sync after a time zone change not requested'),
      );
    }
    return { data: await readGeneral(db, config, auth.projectId) };
  });

  registerCall(app, 'GET /project/sip', async ({ auth }) => ({ data: await projectSip(db, config, auth.projectId) }));
  registerCall(app, 'PATCH /project/sip', async ({ auth, body }) => ({
    data: await patchSip(db, config, auth.projectId, auth.userId, body),
  }));
  registerCall(app, 'GET /project/sip/domain/forward-rules', async ({ auth }) => ({
    data: await domainForwardRules(db, auth.projectId),
  }));
  registerCall(app, 'PATCH /project/sip/domain/forward-rules', async ({ auth, body }) => ({
    data: await patchDomainForwardRules(db, auth.projectId, auth.userId, body),
  }));
  registerCall(app, 'POST /project/sip/resident-phonebook/delete', async ({ auth }) => ({
    data: await deleteResidentPhonebook(db, config, auth.projectId),
  }));

  registerCall(app, 'GET /project/push-server', async ({ auth }) => ({ data: await readPush(db, auth.projectId) }));
  registerCall(app, 'PATCH /project/push-server', async ({ auth, body }) => ({
    data: await patchPush(db, auth.projectId, auth.userId, body),
  }));

  registerCall(app, 'GET /project/whitelabel', async ({ auth }) => ({
    data: await readWhitelabel(db, auth.projectId),
  }));
  registerCall(app, 'PATCH /project/whitelabel', async ({ auth, body }) => ({
    data: await patchWhitelabel(db, auth.projectId, auth.userId, body),
  }));
  registerCall(app, 'POST /project/whitelabel/logo', async ({ auth, body }) => {
    const image = body.files.image;
    if (!image) throw itemNotFound();
    const url = await storeLogo(config.dataDir, `p${auth.projectId}`, image.data);
    const { before, after } = await setProjectLogo(db, auth.projectId, auth.userId, url);
    await removeLogo(config.dataDir, before);
    return { data: after };
  });
  registerCall(app, 'DELETE /project/whitelabel/logo', async ({ auth }) => {
    const { before, after } = await setProjectLogo(db, auth.projectId, auth.userId, null);
    await removeLogo(config.dataDir, before);
    return { data: after };
  });

  registerCall(app, 'GET /project/apple-wallet', async ({ auth }) => ({
    data: await readAppleWallet(db, auth.projectId),
  }));
  registerCall(app, 'PATCH /project/apple-wallet', async ({ auth, body }) => ({
    data: await patchAppleWallet(db, auth.projectId, auth.userId, body),
  }));

  registerCall(app, 'GET /project/mail', async ({ auth }) => ({ data: await readMail(db, config, auth.projectId) }));
  registerCall(app, 'PATCH /project/mail', async ({ auth, body }) => ({
    data: await patchMail(db, config, auth.projectId, auth.userId, body),
  }));
  registerCall(app, 'POST /project/mail/test', async ({ auth, body }) => ({
    data: await sendMailTest(ctx, auth, body.email),
  }));

  registerCall(app, 'GET /project/broker', async () => ({
    data: await readBrokerCertificates(db, config, ctx.deviceLink),
  }));
  registerCall(app, 'POST /project/broker', async ({ body }) => {
    await storeBrokerCertificates(db, body);
    return { data: await readBrokerCertificates(db, config, ctx.deviceLink) };
  });
  registerCall(app, 'DELETE /project/broker', async () => {
    await removeBrokerCertificates(db);
    return { data: await readBrokerCertificates(db, config, ctx.deviceLink) };
  });

  registerCall(app, 'POST /project/import/device-backup', async ({ auth, body }) => {
    const file = body.files.file;
    if (!file) throw itemNotFound();
    return { data: await importDeviceBackup(ctx, auth, file.data) };
  });

  // A group's own white-label logo (7.3): whoever may change the group's white label.
  const groupItem = async (auth: Auth, id: number) => {
    const row = await selectGroups(db, auth.projectId).where('d.id', '=', id).executeTakeFirstOrThrow();
    return { data: await toGroupItem(db, row, auth) };
  };
  const assertGroupWhitelabel = async (auth: Auth, id: number) => {
    const access = await loadGroupAccess(db, auth);
    const group = await requireVisibleGroup(db, access, id);
    if (!canEdit(access, group) && !canManageSelf(access, group, 'self_domain.manage_white_label')) throw prohibited();
  };
  const setGroupLogo = async (auth: Auth, id: number, url: string | null) => {
    const row = await db.selectFrom('domains').select('settings').where('id', '=', id).executeTakeFirstOrThrow();
    const settings = readJson(row.settings, v.record(v.string(), v.unknown()), {});
    const stored = v.safeParse(v.record(v.string(), v.unknown()), settings.whitelabel_settings);
    const whitelabel = stored.success ? stored.output : {};
    const before = typeof whitelabel.logo === 'string' ? whitelabel.logo : null;
    const next = {
      is_enabled: false,
      name: null,
      address: null,
      email: null,
      phone: null,
      ...whitelabel,
      logo: url,
    };
    await db
      .updateTable('domains')
      .set({ settings: JSON.stringify({ ...settings, whitelabel_settings: next }), updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await removeLogo(config.dataDir, before);
    return groupItem(auth, id);
  };
  registerCall(app, 'POST /domains/{id}/whitelabel/logo', async ({ auth, params, body }) => {
    const image = body.files.image;
    if (!image) throw itemNotFound();
    await assertGroupWhitelabel(auth, params.id);
    return setGroupLogo(auth, params.id, await storeLogo(config.dataDir, `g${params.id}`, image.data));
  });
  registerCall(app, 'DELETE /domains/{id}/whitelabel/logo', async ({ auth, params }) => {
    await assertGroupWhitelabel(auth, params.id);
    return setGroupLogo(auth, params.id, null);
  });

  registerCall(app, 'GET /uploads/logos/{file}', async ({ params }) => {
    const data = await readFile(join(logoDir(config.dataDir), params.file)).catch(() => null);
    if (!data) throw itemNotFound();
    return { file: { contentType: 'image/png', data, cacheControl: 'public, max-age=31536000, immutable' } };
  });
}
