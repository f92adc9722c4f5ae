import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { MIGRATIONS } from '../../server/db/migrations/registry';
import { avatarDir } from '../../server/domain/users/avatars';
import { BACKUPS_TOPIC, type BackupProgressEvent } from '../../src/contract/entities/backup';
import { REALTIME_CONTROL } from '../../src/contract/realtime';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import {
  ALL_ENTITIES,
  apply,
  download,
  dumpTables,
  entityTables,
  makeBackup,
  olderArchive,
  PASSPHRASE,
  preview,
  uploadBackup,
} from '../support/backups';
import { multipart } from '../support/multipart';
import { addProjectUser } from '../support/project-users';
import { connect, listening } from '../support/ws-client';

const LATEST = Object.keys(MIGRATIONS).sort().at(-1);

/** The entries of a zip, by name. */
async function zipEntries(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

/** Where the data of a zip entry starts in the file (after its local header). */
async function entryDataOffset(data: Buffer, name: string): Promise<{ start: number; size: number }> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== name) return zip.readEntry();
      const local = entry.relativeOffsetOfLocalHeader;
      const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
      resolve({ start, size: entry.compressedSize });
    });
    zip.on('end', () => reject(new Error(`no entry ${name}`)));
    zip.readEntry();
  });
}

/** A zip of these entries (stored), in this order. */
function zipOf(entries: [string, Buffer][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe.each(dialects)('backups (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let projectId = 0;
  let tables: string[] = [];
  let full = { id: 0, name: '', size: 0, origin: '' };
  const ids = { resident: 0, concierge2: 0 };
  const list = async () =>
    (await t.call('GET', '/backups/items?size=100', { token: admin })).json().data as {
      id: number;
      name: string;
      origin: string;
      entities: string[];
      restoring: { name: string } | null;
    }[];
  const user = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    const session = await t.session('admin', undefined, 'Riverside Residence');
    admin = session.token;
    projectId = session.project.id;
    tables = await entityTables(t.db);
    for (const login of ['resident', 'concierge2'] as const) {
      ids[login] = (
        await t.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirstOrThrow()
      ).id;
    }
    // A marker that will be deleted and made again under the same name.
    const marker = await t.call('PUT', '/markers', { token: admin, body: { name: 'Guests', color: '#00aa00' } });
    expect(marker.statusCode, marker.body).toBe(200);
  });
  afterAll(() => t.close());

  it('makes a backup of the chosen entities: listed with who and when, encrypted on disk', async () => {
    full = await makeBackup(t, admin, { name: 'Full' });
    const item = (await t.call('GET', `/backups/${full.id}`, { token: admin })).json().data;
    expect(item).toMatchObject({
      name: 'Full',
      entities: ALL_ENTITIES,
      origin: 'made',
      made_by: { name: 'Administrator' },
      schema_version: LATEST,
      restoring: null,
    });
    const data = await download(t, admin, full.id);
    expect(data.length).toBe(item.size);
    const entries = await zipEntries(data);
    expect([...entries.keys()]).toEqual(
      expect.arrayContaining(['header.json', 'manifest.enc', 'tables/users/00001.enc']),
    );
    const header = JSON.parse(entries.get('header.json')?.toString('utf8') ?? '{}');
    expect(header).toMatchObject({
      format: 'gatehouse-backup',
      name: 'Full',
      cipher: 'aes-256-gcm',
      kdf: { name: 'scrypt' },
    });
    // Nothing of the rows is readable: the users part holds names and e-mails only encrypted.
    for (const secret of ['Rita Resident', 'resident@', 'Cora Concierge']) {
      expect(data.includes(Buffer.from(secret)), secret).toBe(false);
      expect(entries.get('tables/users/00001.enc')?.includes(Buffer.from(secret)), secret).toBe(false);
    }
  });

  it('previews a restore without writing, then gives the data back as it was, all projects untouched', async () => {
    const before = await dumpTables(t.db, tables);
    // Changes across entities after the backup.
    expect(
      (await t.call('PATCH', `/users/${ids.resident}`, { token: admin, body: { name: 'Renamed Resident' } }))
        .statusCode,
    ).toBe(200);
    expect((await t.call('DELETE', `/users/${ids.concierge2}`, { token: admin })).statusCode).toBe(200);
    const guests = await t.db.selectFrom('markers').select('id').where('name', '=', 'Guests').executeTakeFirstOrThrow();
    expect((await t.call('DELETE', `/markers/${guests.id}`, { token: admin })).statusCode).toBe(200);
    const again = await t.call('PUT', '/markers', { token: admin, body: { name: 'Guests', color: '#ff0000' } });
    expect(again.json().data).not.toBe(guests.id);
    const root = await t.db
      .selectFrom('domains')
      .select(['id'])
      .where('project_id', '=', projectId)
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow();
    const building = await t.db
      .selectFrom('domain_types')
      .select('id')
      .where('project_id', '=', projectId)
      .where('type', '=', 'building')
      .executeTakeFirstOrThrow();
    const group = await t.call('PUT', '/domains', {
      token: admin,
      body: { name: 'Building Z', parent_id: root.id, domain_type_id: building.id, logic_address: '9' },
    });
    expect(group.statusCode, group.body).toBe(200);
    const rule = await t.db
      .selectFrom('access_rules')
      .select('id')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (rule) expect((await t.call('DELETE', `/access-rules/${rule.id}`, { token: admin })).statusCode).toBe(200);
    await t.db.updateTable('projects').set({ name: 'Riverside Renamed' }).where('id', '=', projectId).execute();
    const changed = await dumpTables(t.db, tables);
    expect(changed).not.toEqual(before);

    const dry = await preview(t, admin, full.id);
    expect(dry.statusCode, dry.body).toBe(200);
    const counts = Object.fromEntries(
      (dry.json().data.entities as { entity: string; added: number; changed: number; removed: number }[]).map((e) => [
        e.entity,
        [e.added, e.changed, e.removed],
      ]),
    );
    expect(counts.settings).toEqual([0, 1, 0]);
    expect(counts.groups).toEqual([0, 1, 1]); // Building Z; the root's nested-set bounds grew
    expect(counts.markers).toEqual([1, 0, 1]);
    expect(counts.users?.[0]).toBeGreaterThanOrEqual(1); // concierge2's membership and groups
    expect(counts.users?.[1]).toBeGreaterThanOrEqual(2); // the resident's name; concierge2 undeleted
    if (rule) expect(counts.access?.[0]).toBeGreaterThanOrEqual(1);
    expect(dry.json().data).toMatchObject({ migrated: false, schema_version: LATEST, caller_remains: true });
    expect(await dumpTables(t.db, tables)).toEqual(changed);

    const done = await apply(t, admin, full.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.safety_backup).toMatchObject({
      origin: 'safety',
      restoring: { id: full.id, name: 'Full' },
    });
    expect(await dumpTables(t.db, tables)).toEqual(before);
    expect((await user(ids.resident)).name).toBe('Rita Resident');
    expect((await user(ids.concierge2)).deleted_at).toBeNull();
    expect((await t.call('GET', '/profile', { token: (await t.session('concierge2')).token })).statusCode).toBe(200);

    // Nothing left to do; and the safety backup holds the state the restore replaced.
    const idle = (await preview(t, admin, full.id)).json().data.entities as {
      added: number;
      changed: number;
      removed: number;
    }[];
    expect(idle.every((e) => e.added + e.changed + e.removed === 0)).toBe(true);
    const undo = await apply(t, admin, done.json().data.safety_backup.id);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await dumpTables(t.db, tables)).toEqual(changed);
    expect((await apply(t, admin, full.id)).statusCode).toBe(200);
    expect(await dumpTables(t.db, tables)).toEqual(before);
  });

  it('restores only the entities a backup holds; rows of others that pointed to removed rows follow them', async () => {
    const markersOnly = await makeBackup(t, admin, { name: 'Markers', entities: ['markers'] });
    const usersBefore = await dumpTables(t.db, ['users']);
    const made = await t.call('PUT', '/markers', { token: admin, body: { name: 'Visitors', color: '#0000ff' } });
    const visitors = made.json().data as number;
    const applied = await t.call('POST', '/markers/apply', {
      token: admin,
      body: { markers: [visitors], users: [ids.resident] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await t.db.updateTable('users').set({ phone: '+4915100000001' }).where('id', '=', ids.resident).execute();
    const usersChanged = await dumpTables(t.db, ['users']);

    const dry = (await preview(t, admin, markersOnly.id)).json().data;
    expect(dry.entities).toEqual([
      {
        entity: 'markers',
        added: 0,
        changed: 0,
        removed: 1,
        tables: [{ table: 'markers', added: 0, changed: 0, removed: 1 }],
      },
    ]);
    expect(dry.dependents).toEqual([{ entity: 'users', table: 'user_markers', removed: 1, changed: 0 }]);

    expect((await apply(t, admin, markersOnly.id)).statusCode).toBe(200);
    expect(await t.db.selectFrom('markers').select('id').where('id', '=', visitors).executeTakeFirst()).toBeUndefined();
    // Users are not in this backup: the phone stays as changed.
    expect(await dumpTables(t.db, ['users'])).toEqual(usersChanged);
    expect(usersChanged).not.toEqual(usersBefore);
  });

  it('brings back the files the restored rows point to', async () => {
    const { Jimp } = await import('jimp');
    const photo = await new Jimp({ width: 64, height: 64, color: 0x336699ff }).getBuffer('image/png');
    const body = multipart({ x: '0', y: '0', size: '64' }, { image: { name: 'me.png', data: photo } });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v0/users/${ids.resident}/avatar`,
      headers: { authorization: `Bearer ${admin}`, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().data.avatar_url as string;
    const picture = (await t.app.inject({ method: 'GET', url })).rawPayload;
    const backup = await makeBackup(t, admin, { name: 'Users', entities: ['users'] });
    expect((await t.call('DELETE', `/users/${ids.resident}/avatar`, { token: admin })).statusCode).toBe(200);
    expect(existsSync(join(avatarDir(t.config.dataDir), url.split('/').at(-1) as string))).toBe(false);

    const done = await apply(t, admin, backup.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.files).toBe(1);
    expect((await user(ids.resident)).avatar_url).toBe(url);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(picture)).toBe(true);
  });

  it('refuses a wrong passphrase, a damaged archive and a file that is no backup: invalid backup image, nothing changed', async () => {
    const before = await dumpTables(t.db, tables);
    const stored = (await list()).length;
    const files = () => readdirSync(join(t.config.dataDir, 'backups', String(projectId))).sort();
    const filesBefore = files();

    const wrong = await apply(t, admin, full.id, 'not the passphrase at all');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'invalid backup image',
      code: 'wrong_passphrase',
      errors: { passphrase: { code: 'wrong_passphrase' } },
    });

    const original = await download(t, admin, full.id);
    // One byte flipped in the middle of the users' part.
    const damaged = Buffer.from(original);
    const part = await entryDataOffset(original, 'tables/users/00001.enc');
    const at = part.start + Math.floor(part.size / 2);
    damaged[at] = (damaged[at] as number) ^ 0xff;
    const upload = await uploadBackup(t, admin, damaged);
    expect(upload.statusCode, upload.body).toBe(200);
    const broken = await apply(t, admin, upload.json().data.id);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: 'invalid backup image', code: 'corrupted' });

    // The clear header edited (another name): every entry is bound to it.
    const entries = await zipEntries(original);
    const header = JSON.parse(entries.get('header.json')?.toString('utf8') ?? '{}');
    entries.set('header.json', Buffer.from(JSON.stringify({ ...header, name: 'Forged' })));
    const forged = await uploadBackup(t, admin, await zipOf([...entries.entries()]));
    expect(forged.statusCode, forged.body).toBe(200);
    expect((await apply(t, admin, forged.json().data.id)).json()).toMatchObject({ code: 'corrupted' });

    for (const junk of [
      Buffer.from('this is not a zip at all'),
      await zipOf([['hello.txt', Buffer.from('hello')]]),
      await zipOf([['header.json', Buffer.from('{"format":"something-else"}')]]),
    ]) {
      const res = await uploadBackup(t, admin, junk);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'invalid backup image', code: 'not_a_backup' });
    }
    expect(await dumpTables(t.db, tables)).toEqual(before);
    // No safety backup was made for the refused restores; the two accepted uploads are listed.
    expect((await list()).length).toBe(stored + 2);
    expect(files().filter((f) => !filesBefore.includes(f))).toHaveLength(2);
    expect(files().some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('refuses an archive of another project, and rows another project holds', async () => {
    const harbour = await t.session('admin', undefined, 'Harbour Office');
    const theirs = await makeBackup(t, harbour.token, { name: 'Harbour', entities: ['markers'] });
    const res = await uploadBackup(t, admin, await download(t, harbour.token, theirs.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'invalid backup image', code: 'other_project' });

    const made = await t.call('PUT', '/markers', { token: admin, body: { name: 'Moved away', color: '#123456' } });
    const id = made.json().data as number;
    const backup = await makeBackup(t, admin, { name: 'With marker', entities: ['markers'] });
    await t.call('DELETE', `/markers/${id}`, { token: admin });
    // Another project now holds a row with that id.
    await t.db
      .insertInto('markers')
      .values({
        id,
        project_id: harbour.project.id,
        name: 'Harbour marker',
        color: '#654321',
        description: null,
        created_by_user_id: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      } as never)
      .execute();
    const before = await dumpTables(t.db, tables);
    const refused = await apply(t, admin, backup.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'invalid backup image', code: 'rows_of_another_project' });
    expect(await dumpTables(t.db, tables)).toEqual(before);
  });

  it('restores an archive an older schema made, migrating its rows first', async () => {
    const entities = ['settings', 'groups', 'roles', 'users', 'markers', 'access', 'identifiers'];
    const { archive, columns } = await olderArchive(t, {
      version: '0019_access',
      projectId,
      entities,
      name: 'Old build',
    });
    // Tables the archive's schema had; one added since (integrations, 0029) comes back as its
    // migration makes it for the old rows: empty (checked below).
    const current = await entityTables(t.db, entities);
    const restored = current.filter((table) => columns.has(table));
    expect(current).toContain('integrations');
    // Columns added after 0019 (identifiers.valid_windows of guest keys) are not in the archive.
    const before = await dumpTables(t.db, restored, columns);
    const stored = await uploadBackup(t, admin, archive, 'old.zip');
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data).toMatchObject({ origin: 'uploaded', name: 'Old build', schema_version: '0019_access' });
    await t.db.updateTable('users').set({ name: 'Changed Again' }).where('id', '=', ids.resident).execute();

    const dry = await preview(t, admin, stored.json().data.id);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ migrated: true, schema_version: '0019_access' });
    const done = await apply(t, admin, stored.json().data.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(await dumpTables(t.db, restored, columns)).toEqual(before);
    expect((await user(ids.resident)).name).toBe('Rita Resident');
    expect(await t.db.selectFrom('integrations').select('id').where('project_id', '=', projectId).execute()).toEqual(
      [],
    );
    // A column the archive's version lacked takes what its migration gives old rows.
    const windows = await t.db
      .selectFrom('identifiers')
      .select('valid_windows')
      .where('project_id', '=', projectId)
      .execute();
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.every((w) => w.valid_windows === null)).toBe(true);
  });

  it('applies an uploaded file only for those who may apply files, a stored one for those who may apply', async () => {
    const uploaded = (await list()).find((b) => b.origin === 'uploaded' && b.name === 'Old build');
    const appliers = await addProjectUser(t, {
      login: 'restorer',
      permissions: ['backups.view', 'backups.apply'],
      group: 'Riverside Residence',
    });
    const fileAppliers = await addProjectUser(t, {
      login: 'file-restorer',
      permissions: ['backups.view', 'backups.apply_file'],
      group: 'Riverside Residence',
    });
    expect((await preview(t, appliers.token, uploaded?.id as number)).statusCode).toBe(403);
    expect((await preview(t, appliers.token, full.id)).statusCode).toBe(200);
    expect((await preview(t, fileAppliers.token, uploaded?.id as number)).statusCode).toBe(200);
    expect((await preview(t, fileAppliers.token, full.id)).statusCode).toBe(403);
  });

  it('tells the progress of a make and of a restore over realtime, to those who view backups', async () => {
    const origin = await listening(t.app);
    const socket = await connect(origin, admin);
    expect((await socket.subscribe(BACKUPS_TOPIC)).data).toMatchObject({ type: REALTIME_CONTROL.subscribed });
    const progress = async (operation: string, until: (e: BackupProgressEvent) => boolean) => {
      const seen: BackupProgressEvent[] = [];
      for (;;) {
        const m = await socket.next(
          (x) => x.topic === BACKUPS_TOPIC && (x.data as BackupProgressEvent).operation_id === operation,
          30_000,
        );
        const e = m.data as BackupProgressEvent;
        seen.push(e);
        if (until(e)) return seen;
      }
    };
    const making = makeBackup(t, admin, { name: 'Watched', entities: ['users', 'markers'], operation_id: 'op-make' });
    const made = await progress('op-make', (e) => e.percent === 100);
    const watched = await making;
    expect(made.map((e) => e.kind)).toEqual(made.map(() => 'make'));
    expect(made.map((e) => e.phase)).toEqual(expect.arrayContaining(['reading', 'writing']));
    // On PostgreSQL the realtime bus may deliver two close events out of order (docs/decisions.md,
    // Backups): each event is checked against its phase's share of the whole, not against the one before.
    const within = (events: BackupProgressEvent[], spans: Record<string, [number, number]>) => {
      for (const e of events) {
        const span = spans[e.phase];
        expect(span, e.phase).toBeDefined();
        expect(e.percent, e.phase).toBeGreaterThanOrEqual(span?.[0] ?? 0);
        expect(e.percent, e.phase).toBeLessThanOrEqual(span?.[1] ?? 100);
      }
    };
    within(made, { reading: [0, 90], files: [90, 98], writing: [98, 100] });
    const restoring = apply(t, admin, watched.id, PASSPHRASE, 'op-restore');
    const restored = await progress('op-restore', (e) => e.phase === 'finishing' && e.percent === 100);
    expect((await restoring).statusCode).toBe(200);
    expect(restored.map((e) => e.phase)).toEqual(expect.arrayContaining(['opening', 'safety_backup', 'finishing']));
    within(restored, {
      opening: [0, 10],
      safety_backup: [20, 50],
      planning: [50, 55],
      restoring: [55, 99],
      finishing: [99, 100],
    });
    socket.close();

    const stranger = await connect(origin, (await t.session('resident')).token);
    expect((await stranger.subscribe(BACKUPS_TOPIC)).data).not.toMatchObject({ type: REALTIME_CONTROL.subscribed });
    stranger.close();
  });

  it('deletes a backup with its archive', async () => {
    const doomed = await makeBackup(t, admin, { name: 'Doomed', entities: ['markers'] });
    const files = () => readdirSync(join(t.config.dataDir, 'backups', String(projectId)));
    const count = files().length;
    expect((await t.call('DELETE', `/backups/${doomed.id}`, { token: admin })).statusCode).toBe(200);
    expect((await t.call('GET', `/backups/${doomed.id}`, { token: admin })).statusCode).toBe(404);
    expect(files().length).toBe(count - 1);
    expect((await t.call('GET', `/backups/${doomed.id}/download`, { token: admin })).statusCode).toBe(404);
  });
});
