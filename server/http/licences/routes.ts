import type { FastifyInstance } from 'fastify';
import { licencesEntity } from '../../../src/contract/entities/licence';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
import { itemNotFound } from '../../domain/errors';
import { readGroupLicence, saveGroupLicence, visibleLicenceGroups } from '../../domain/licences/group-licences';
import { loadProjectLicence } from '../../domain/licences/group-tree';
import { readLicenceFile } from '../../domain/licences/licence-file';
import {
  licencesPeriodFile,
  licencesPeriodReport,
  licencesUsedFile,
  licencesUsedReport,
} from '../../domain/licences/licence-reports';
import { fetchServerLicences } from '../../domain/licences/licence-server';
import { warningAt } from '../../domain/licences/licence-state';
import {
  applyLicences,
  licenceNotifications,
  previewLicences,
  projectLicences,
  projectPayloads,
  removeLicences,
  saveLicenceNotifications,
  toCounts,
  toLicenceItem,
  usedCounts,
} from '../../domain/licences/licence-store';
import { projectFeatures } from '../../domain/project/features';
import { registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall, registerObjectScope } from '../plumbing/register-call';

/** Licences (7.8): installed licences, adding them (file, licence server), state, notices, group licences, reports. */
export async function licenceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const env = ctx.licensing;
  const now = () => env.clock.now().getTime();

  const scoped = (auth: Auth) => ctx.db.selectFrom('licences as l').where('l.project_id', '=', auth.projectId);
  const def = {
    entity: licencesEntity,
    scoped,
    select: (q: ReturnType<typeof scoped>) => q.select('l.id'),
    columns: {
      id: 'l.id',
      licence_id: 'l.licence_id',
      type: 'l.type',
      source: 'l.source',
      customer: 'l.customer',
      issued_at: 'l.issued_at',
      installed_at: 'l.installed_at',
    },
    idColumn: 'l.id',
    toItems: async (rows: { id: number }[], auth: Auth) => {
      const notices = await licenceNotifications(ctx.db, auth.projectId);
      const installed = await projectLicences(
        env,
        auth.projectId,
        rows.map((r) => r.id),
      );
      const byId = new Map(installed.map((l) => [l.id, l]));
      return rows.flatMap((r) => {
        const l = byId.get(r.id);
        return l ? [toLicenceItem(l, now(), notices.notifyBefore)] : [];
      });
    },
    remove: (auth: Auth, ids: number[]) => removeLicences(env, auth.projectId, ids),
  };
  registerEntityCalls(app, def);

  const fileOf = (files: Record<string, { data: Buffer } | undefined>) => {
    const file = files.file;
    if (!file) throw itemNotFound();
    return readLicenceFile(file.data.toString('utf8'));
  };
  registerCall(app, 'POST /licenses/file/check', async ({ auth, body }) => ({
    data: await previewLicences(env, auth, fileOf(body.files)),
  }));
  registerCall(app, 'POST /licenses/file', async ({ auth, body }) => ({
    data: { ids: await applyLicences(env, auth, fileOf(body.files), 'file') },
  }));
  const fromServer = (key: string) =>
    fetchServerLicences(ctx.config.licences.serverUrl, { instanceId: env.instanceId, key });
  registerCall(app, 'POST /licenses/cloud/check', async ({ auth, body }) => ({
    data: await previewLicences(env, auth, await fromServer(body.key)),
  }));
  registerCall(app, 'POST /licenses/cloud', async ({ auth, body }) => ({
    data: { ids: await applyLicences(env, auth, await fromServer(body.key), 'server') },
  }));

  registerCall(app, 'GET /licenses/features/state', async ({ auth }) => {
    const [payloads, notices, project, used, features] = await Promise.all([
      projectPayloads(env, auth.projectId),
      licenceNotifications(ctx.db, auth.projectId),
      loadProjectLicence(ctx.db, auth.projectId),
      usedCounts(ctx.db, auth.projectId),
      projectFeatures(ctx.db, auth.projectId),
    ]);
    return {
      data: {
        // What gates the project's menu and calls: the features derived from its licences.
        features,
        counts: toCounts(project.counts, used),
        warning: warningAt(payloads, now(), notices.notifyBefore),
        licence_server: ctx.config.licences.serverUrl !== null,
        instance_id: env.instanceId,
      },
    };
  });
  registerCall(app, 'GET /licenses/warning', async ({ auth }) => {
    const [payloads, notices] = await Promise.all([
      projectPayloads(env, auth.projectId),
      licenceNotifications(ctx.db, auth.projectId),
    ]);
    return { data: warningAt(payloads, now(), notices.notifyBefore) };
  });
  registerCall(app, 'GET /licenses/settings', async ({ auth }) => ({
    data: { notifications: await licenceNotifications(ctx.db, auth.projectId) },
  }));
  registerCall(app, 'PATCH /licenses/settings', async ({ auth, body }) => {
    await saveLicenceNotifications(ctx.db, auth.projectId, body.notifications);
    return { data: { notifications: await licenceNotifications(ctx.db, auth.projectId) } };
  });

  // A group's licence is reached by the caller's licence view (6.2), not by the groups' own scopes.
  registerObjectScope(app, 'domain_licences', { visible: (auth, ids) => visibleLicenceGroups(ctx.db, auth, ids) });
  registerCall(app, 'GET /domains/{id}/license', async ({ auth, params }) => ({
    data: await readGroupLicence(ctx.db, auth.projectId, params.id),
  }));
  registerCall(app, 'PATCH /domains/{id}/license', async ({ auth, params, body }) => {
    await saveGroupLicence(ctx.db, auth, params.id, body.licenseInfo);
    return { data: await readGroupLicence(ctx.db, auth.projectId, params.id) };
  });

  registerCall(app, 'GET /reports/licenses/used', async ({ auth, query }) => ({
    data: await licencesUsedReport(env, auth, query.group_id),
  }));
  registerCall(app, 'GET /reports/licenses/used/export', async ({ auth, query }) => ({
    file: await licencesUsedFile(await licencesUsedReport(env, auth, query.group_id), query.format),
  }));
  registerCall(app, 'GET /reports/licenses/period', async ({ auth, query }) => ({
    data: await licencesPeriodReport(env, auth, query),
  }));
  registerCall(app, 'GET /reports/licenses/period/export', async ({ auth, query }) => ({
    file: await licencesPeriodFile(await licencesPeriodReport(env, auth, query), query.format),
  }));
}
