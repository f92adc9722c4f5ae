import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMUNICATIONS } from '../../src/contract/constants';
import {
  AUDIO_FILENAME,
  alertDevicesResource,
  emergencyAlertsResource,
} from '../../src/contract/entities/emergency-alert';
import { ERROR_CODES } from '../../src/contract/errors';
import type { Permission } from '../../src/contract/permissions';
import type { AppContext } from '../context';
import type { Auth } from '../domain/auth-context';
import {
  ALERT_COLUMNS,
  alertRelations,
  createAlert,
  deleteAlerts,
  scopedAlerts,
  scopedDevices,
  selectAlerts,
  setAlertState,
  toAlerts,
  updateAlert,
} from '../domain/emergency-alerts';
import { audioDir, audioUrl, sirenWav, sniffAudio, storeAudio } from '../domain/emergency-audio';
import { defineList, defineResource, idOf } from '../resources/define-resource';
import { authOf, requirePermission } from './auth';
import { HttpError, invalidData, itemNotFound } from './http-error';
import { defineRoute } from './route';

const WRITE: Permission[] = ['emergency_alerts.create', 'emergency_alerts.edit'];
const CONTENT_TYPES = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' } as const;

/** Emergency alerts (7.6): items, {id}, PUT, PATCH, DELETE, start, stop, generate, file; a devices picker. */
export async function emergencyAlertRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(multipart, { limits: { fileSize: COMMUNICATIONS.audioMaxBytes, files: 1 } });
  const dataDir = ctx.config.dataDir;
  const readOne = async (auth: Auth, id: number) => {
    const rows = await selectAlerts(scopedAlerts(ctx.db, auth).where('e.id', '=', id)).execute();
    const [item] = await toAlerts(ctx.db, rows);
    if (!item) throw itemNotFound();
    return item;
  };

  defineResource(app, {
    contract: emergencyAlertsResource,
    permissions: {
      view: ['emergency_alerts.view'],
      create: ['emergency_alerts.create'],
      edit: ['emergency_alerts.edit'],
      delete: ['emergency_alerts.delete'],
    },
    scoped: (auth) => scopedAlerts(ctx.db, auth),
    select: selectAlerts,
    columns: ALERT_COLUMNS,
    idColumn: 'e.id',
    relations: alertRelations,
    toItems: (rows) => toAlerts(ctx.db, rows),
    create: (auth, body) => createAlert(ctx.db, dataDir, auth, body),
    patch: async (auth, id, body) => updateAlert(ctx.db, dataDir, auth, id, body, await readOne(auth, id)),
    remove: (_, ids) => deleteAlerts(ctx.db, dataDir, ids),
  });

  const state = async (request: FastifyRequest, to: 'started' | 'stopped') => {
    const auth = authOf(request);
    const id = idOf(request);
    await readOne(auth, id);
    await setAlertState(ctx.db, id, to);
    return { data: await readOne(auth, id) };
  };
  defineRoute(app, 'POST /emergency-alerts/{id}/start', {
    guard: requirePermission('emergency_alerts.playback'),
    handler: ({ request }) => state(request, 'started'),
  });
  defineRoute(app, 'POST /emergency-alerts/{id}/stop', {
    guard: requirePermission('emergency_alerts.playback'),
    handler: ({ request }) => state(request, 'stopped'),
  });

  defineRoute(app, 'POST /emergency-alerts/generate', {
    guard: requirePermission(...WRITE),
    handler: async () => {
      const filename = await storeAudio(dataDir, sirenWav(), 'wav');
      return { data: { filename, file_url: audioUrl(filename) } };
    },
  });

  defineRoute(app, 'POST /emergency-alerts/file', {
    guard: requirePermission(...WRITE),
    handler: async ({ request }) => {
      if (!request.isMultipart()) throw invalidData({ file: { code: 'required' } });
      let data: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === 'file') {
          data = await part.toBuffer();
          if (part.file.truncated)
            throw invalidData({ file: { code: 'max_value', params: { max: COMMUNICATIONS.audioMaxBytes } } });
        } else if (part.type === 'file') await part.toBuffer();
      }
      if (!data) throw invalidData({ file: { code: 'required' } });
      const kind = sniffAudio(data);
      if (!kind) throw new HttpError(400, { message: ERROR_CODES.invalidFile });
      const filename = await storeAudio(dataDir, data, kind);
      return { data: { filename, file_url: audioUrl(filename) } };
    },
  });

  // Audio is public by unguessable name, so an <audio> element plays it without a bearer token.
  app.get('/uploads/emergency-audio/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!AUDIO_FILENAME.test(file)) throw itemNotFound();
    const data = await readFile(join(audioDir(dataDir), file)).catch(() => null);
    if (!data) throw itemNotFound();
    const ext = file.split('.').pop() as keyof typeof CONTENT_TYPES;
    return reply
      .header('content-type', CONTENT_TYPES[ext])
      .header('cache-control', 'private, max-age=86400')
      .send(data);
  });

  defineList(app, {
    contract: alertDevicesResource,
    permissions: { view: ['emergency_alerts.view', ...WRITE] },
    scoped: (auth) => scopedDevices(ctx.db, auth),
    select: (q) =>
      q
        .leftJoin('domains as dd', 'dd.id', 'dv.domain_id')
        .select(['dv.id', 'dv.name', 'dv.type', 'dd.id as domain_id', 'dd.name as domain_name']),
    columns: { id: 'dv.id', name: 'dv.name', type: 'dv.type' },
    idColumn: 'dv.id',
    toItems: async (rows) =>
      rows.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        type: String(r.type),
        domain: r.domain_id ? { id: Number(r.domain_id), name: String(r.domain_name) } : null,
      })),
  });
}
