import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioDir, sirenWav, sniffAudio } from '../../server/domain/communications/emergency-audio';
import { EmergencyAlertListSchema, EmergencyAlertSchema } from '../../src/contract/entities/emergency-alert';
import { API_BASE } from '../../src/contract/http';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { addProjectUser, demoIds } from '../support/project-users';

describe('emergency audio', () => {
  it('generates a playable two-tone WAV and recognises files by their first bytes', () => {
    const wav = sirenWav();
    expect(sniffAudio(wav)).toBe('wav');
    expect(wav.readUInt32LE(24)).toBe(8000);
    // Not silent: the samples swing.
    const samples = Array.from({ length: 400 }, (_, i) => wav.readInt16LE(44 + i * 2));
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(30_000);
    expect(sniffAudio(Buffer.from('OggS\0\0\0\0\0\0\0\0'))).toBe('ogg');
    expect(sniffAudio(Buffer.from('ID3\u0004\0\0\0\0\0\0\0\0'))).toBe('mp3');
    expect(sniffAudio(Buffer.from('%PDF-1.7 not audio'))).toBeNull();
  });
});

describe.each(dialects)('emergency alerts (%s)', (dialect) => {
  let t: TestApp;
  const tokens = { admin: '', staff: '', concierge: '', resident: '' };
  let groups: Record<string, number> = {};
  const devices = { lobby: 0, other: 0 };
  let player: { id: number; token: string };

  const put = (body: Record<string, unknown>, token = tokens.admin) =>
    t.call('PUT', '/emergency-alerts', { token, body });
  const get = async (id: number) => {
    const res = await t.call('GET', `/emergency-alerts/${id}`, { token: tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    return v.parse(EmergencyAlertSchema, res.json().data);
  };
  const upload = (data: Buffer, token = tokens.admin) => {
    const body = multipart({}, { file: { name: 'alarm.wav', data } });
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE}/emergency-alerts/file`,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    for (const login of ['admin', 'staff', 'concierge', 'resident'] as const) {
      tokens[login] = (await t.session(login)).token;
    }
    const ids = await demoIds(t);
    groups = ids.groups;
    const now = new Date().toISOString();
    const insert = async (name: string, projectId: number, token: string) =>
      (
        await t.db
          .insertInto('devices')
          .values({ project_id: projectId, name, type: 'monitor', token, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    devices.lobby = await insert('Lobby monitor', ids.projectId, 'tok-lobby');
    const office = await t.db
      .selectFrom('projects')
      .select('id')
      .where('name', '=', 'Harbour Office')
      .executeTakeFirstOrThrow();
    devices.other = await insert('Office monitor', office.id, 'tok-office');
    // May view and play alerts, not change them.
    player = await addProjectUser(t, {
      login: 'player',
      permissions: ['emergency_alerts.view', 'emergency_alerts.playback'],
      group: 'Riverside Residence',
    });
  });
  afterAll(() => t.close());

  it('creates with the defaults of section 9 (monitor, 60 s) and validates per field', async () => {
    const res = await put({ name: 'Fire', domains: [groups['Building A']] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await get(res.json().data)).toMatchObject({
      name: 'Fire',
      device_type: 'monitor',
      playback_duration: 60,
      open_locks: false,
      filename: null,
      status: 'new',
      domains: [{ name: 'Building A' }],
      devices: [],
    });

    const empty = await put({ name: '', playback_duration: 0, device_type: 'toaster' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({
      name: { code: 'required' },
      playback_duration: { code: 'min_value', params: { min: 1 } },
      device_type: { code: 'invalid' },
    });
    const nobody = await put({ name: 'Nobody' });
    expect(nobody.json().errors).toEqual({ domains: { code: 'recipients_required' } });
    const foreignDevice = await put({ name: 'x', devices: [devices.other] });
    expect(foreignDevice.json()).toMatchObject({ message: 'invalid related entity sent', entities: ['devices'] });
    const madeUp = await put({ name: 'x', devices: [devices.lobby], filename: 'aaaaaaaaaaaaaaaaaaaaaaaa.wav' });
    expect(madeUp.json().errors).toEqual({ filename: { code: 'invalid' } });
  });

  it('uploads audio (checked by content), generates a siren, serves and replaces the file', async () => {
    const notAudio = await upload(Buffer.from('%PDF-1.7 definitely not audio'));
    expect(notAudio.statusCode).toBe(400);
    expect(notAudio.json().message).toBe('invalid file');
    expect((await upload(sirenWav(), tokens.resident)).statusCode).toBe(403);

    const uploaded = await upload(sirenWav());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { filename, file_url } = uploaded.json().data as { filename: string; file_url: string };
    expect(filename).toMatch(/^[0-9a-f]{24}\.wav$/);
    const played = await t.app.inject({ method: 'GET', url: file_url });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');

    const created = await put({ name: 'Gas', devices: [devices.lobby], filename, open_locks: true });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data as number;
    expect(await get(id)).toMatchObject({ filename, file_url, open_locks: true, devices: [{ name: 'Lobby monitor' }] });

    const generated = await t.call('POST', '/emergency-alerts/generate', { token: tokens.admin });
    expect(generated.statusCode, generated.body).toBe(200);
    const siren = generated.json().data.filename as string;
    const patched = await t.call('PATCH', `/emergency-alerts/${id}`, {
      token: tokens.admin,
      body: { filename: siren },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // The replaced upload is no longer used by any alert: it is removed.
    expect(existsSync(join(audioDir(t.config.dataDir), filename))).toBe(false);
    expect(existsSync(join(audioDir(t.config.dataDir), siren))).toBe(true);
    const emptied = await t.call('PATCH', `/emergency-alerts/${id}`, { token: tokens.admin, body: { devices: [] } });
    expect(emptied.json().errors).toEqual({ domains: { code: 'recipients_required' } });
  });

  it('starts and stops with the playback permission; the state is stored and shown', async () => {
    const id = (await put({ name: 'Flood', domains: [groups['Unit 101']] })).json().data as number;
    expect((await t.call('POST', `/emergency-alerts/${id}/start`, { token: tokens.resident })).statusCode).toBe(403);
    const started = await t.call('POST', `/emergency-alerts/${id}/start`, { token: player.token });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'started', stopped_at: null });
    expect(started.json().data.started_at).not.toBeNull();
    const twice = await t.call('POST', `/emergency-alerts/${id}/start`, { token: player.token });
    expect(twice.json().message).toBe('cannot perform action');
    const stopped = await t.call('POST', `/emergency-alerts/${id}/stop`, { token: player.token });
    expect(stopped.json().data).toMatchObject({ status: 'stopped' });
    const listed = v.parse(
      EmergencyAlertListSchema,
      (
        await t.call(
          'GET',
          `/emergency-alerts/items?filters=${encodeURIComponent(JSON.stringify([{ field: 'status', rule: 'equals', value: 'stopped' }]))}`,
          { token: player.token },
        )
      ).json(),
    );
    expect(listed.data.map((a) => a.name)).toEqual(['Flood']);
    // The player may not change alerts.
    expect(
      (await t.call('PATCH', `/emergency-alerts/${id}`, { token: player.token, body: { name: 'x' } })).statusCode,
    ).toBe(403);
  });

  it('lists devices for the picker within the project, gates every route', async () => {
    const res = await t.call('GET', '/emergency-alerts/devices/items', { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    // The demo's devices (db/seed/demo-devices.ts) and the suite's Lobby monitor, by name.
    expect(res.json().data.map((d: { name: string }) => d.name)).toEqual([
      'Bike room controller',
      'Entrance panel',
      'Lift controller',
      'Lobby monitor',
      'Main door controller',
      'Parking plate camera',
    ]);
    // The resident and the concierge hold no emergency alert permission.
    for (const token of [tokens.resident, tokens.concierge]) {
      expect((await t.call('GET', '/emergency-alerts/items', { token })).statusCode).toBe(403);
    }
    for (const [method, path] of [
      ['GET', '/emergency-alerts/items'],
      ['PUT', '/emergency-alerts'],
      ['POST', '/emergency-alerts/1/start'],
      ['POST', '/emergency-alerts/generate'],
      ['POST', '/emergency-alerts/file'],
      ['DELETE', '/emergency-alerts/1'],
    ] as const) {
      expect((await t.call(method, path, { body: method === 'GET' ? undefined : {} })).statusCode).toBe(401);
    }
    const [first] = (await t.call('GET', '/emergency-alerts/items', { token: tokens.staff })).json().data;
    expect((await t.call('DELETE', `/emergency-alerts/${first.id}`, { token: tokens.staff })).statusCode).toBe(200);
  });
});
