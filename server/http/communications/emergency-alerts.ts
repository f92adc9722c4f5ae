import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { alertDevicesEntity, emergencyAlertsEntity } from '../../../src/contract/entities/emergency-alert';
import { ERROR_CODES } from '../../../src/contract/errors';
import type { AppContext } from '../../context';
import type { Auth } from '../../domain/auth/auth-context';
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
} from '../../domain/communications/emergency-alerts';
import { audioDir, audioUrl, sirenWav, sniffAudio, storeAudio } from '../../domain/communications/emergency-audio';
import { dispatchEmergency } from '../../domain/devices/tasks/emergency';
import { itemNotFound, refused } from '../../domain/errors';
import { readItem, registerEntityCalls } from '../plumbing/entity-routes';
import { registerCall } from '../plumbing/register-call';

const CONTENT_TYPES = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' } as const;

/** Emergency alerts (7.6): the entity's calls, start, stop, generate, file; a devices picker. */
export async function emergencyAlertRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const dataDir = ctx.config.dataDir;
  const definition = {
    entity: emergencyAlertsEntity,
    scoped: (auth: Auth) => scopedAlerts(ctx.db, auth),
    select: selectAlerts,
    columns: ALERT_COLUMNS,
    idColumn: 'e.id',
    relations: alertRelations,
    toItems: (rows: Parameters<typeof toAlerts>[1]) => toAlerts(ctx.db, rows),
  };
  const readOne = (auth: Auth, id: number) => readItem(definition, auth, id);
  registerEntityCalls(app, {
    ...definition,
    create: (auth, body) => createAlert(ctx.db, dataDir, auth, body),
    patch: async (auth, id, body) => updateAlert(ctx.db, dataDir, auth, id, body, await readOne(auth, id)),
    remove: (_, ids) => deleteAlerts(ctx.db, dataDir, ids),
  });

  const state = async (auth: Auth, id: number, to: 'started' | 'stopped') => {
    await setAlertState(ctx.db, id, to);
    // The alert reaches its devices as device tasks (emergency.play / emergency.stop).
    await dispatchEmergency(ctx, id, to);
    return { data: await readOne(auth, id) };
  };
  registerCall(app, 'POST /emergency-alerts/{id}/start', ({ auth, params }) => state(auth, params.id, 'started'));
  registerCall(app, 'POST /emergency-alerts/{id}/stop', ({ auth, params }) => state(auth, params.id, 'stopped'));

  registerCall(app, 'POST /emergency-alerts/generate', async () => {
    const filename = await storeAudio(dataDir, sirenWav(), 'wav');
    return { data: { filename, file_url: audioUrl(filename) } };
  });

  registerCall(app, 'POST /emergency-alerts/file', async ({ body }) => {
    const file = body.files.file;
    const kind = file ? sniffAudio(file.data) : null;
    if (!file || !kind) throw refused(ERROR_CODES.invalidFile);
    const filename = await storeAudio(dataDir, file.data, kind);
    return { data: { filename, file_url: audioUrl(filename) } };
  });

  registerCall(app, 'GET /uploads/emergency-audio/{file}', async ({ params }) => {
    const data = await readFile(join(audioDir(dataDir), params.file)).catch(() => null);
    if (!data) throw itemNotFound();
    const ext = params.file.split('.').pop() as keyof typeof CONTENT_TYPES;
    return { file: { contentType: CONTENT_TYPES[ext], data, cacheControl: 'private, max-age=86400' } };
  });

  registerEntityCalls(app, {
    entity: alertDevicesEntity,
    scoped: (auth) => scopedDevices(ctx.db, auth),
    select: (q) =>
      q
        .leftJoin('domains as dd', 'dd.id', 'dv.domain_id')
        .select(['dv.id', 'dv.name', 'dv.type', 'dd.id as domain_id', 'dd.name as domain_name']),
    columns: { id: 'dv.id', name: 'dv.name', type: 'dv.type' },
    idColumn: 'dv.id',
    toItems: async (rows) =>
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        domain: r.domain_id ? { id: r.domain_id, name: String(r.domain_name) } : null,
      })),
  });
}
