import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVideoPlatform, type VideoPlatform } from '../../server/simulator/video-platform';
import { generateSelfSigned } from '../../server/sip/certificate';
import { IntegrationSchema } from '../../src/contract/entities/integration';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { multipart } from '../support/multipart';
import { addProjectUser, demoIds } from '../support/project-users';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Integrations with a video platform (7.8, 6.3): available kinds, items and item, create and
 * update by POST with a write-only password, one integration per platform server, the project
 * level (change-project-settings) and the group level (edit-all, edit-descendants, self-domain
 * integrations), the certificate file; the Axxon One adapter against the simulated platform
 * (macros and cameras with search and paging, HTTPS trusted through the certificate file,
 * mutual TLS, a wrong password, a platform down or failing: catalogue errors, never a 5xx);
 * and a granted passage at a linked door running the macro on the platform.
 */
describe.each(dialects)('integrations (%s)', (dialect) => {
  let t: TestApp;
  let vms: VideoPlatform;
  let admin = '';
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const users: Record<string, { id: number; token: string }> = {};

  const call = (method: Method, path: string, body?: unknown, token = admin) => t.call(method, path, { token, body });
  const ok = async (method: Method, path: string, body?: unknown, token = admin) => {
    const res = await call(method, path, body, token);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return res.json();
  };
  const create = async (body: Record<string, unknown>, token = admin): Promise<number> =>
    (await ok('POST', '/integrations', body, token)).data;
  const upload = (id: number, name: string, text: string, token = admin) => {
    const form = multipart({}, { certificate: { name, data: Buffer.from(text) } });
    return t.call('POST', `/integrations/${id}/certificate`, { token, body: form.payload, headers: form.headers });
  };
  const namesOf = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

  beforeAll(async () => {
    t = await buildTestApp(dialect, SMALL_DEMO);
    vms = await startVideoPlatform({ user: 'gatehouse', password: 'vms-secret' });
    admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    ids = await demoIds(t);
    users.viewer = await addProjectUser(t, {
      login: 'int-viewer',
      permissions: ['project.view_settings'],
      group: 'Unit 101',
    });
    users.self = await addProjectUser(t, {
      login: 'int-self',
      permissions: ['self_domain.manage_integrations'],
      group: 'Unit 101',
    });
    users.below = await addProjectUser(t, {
      login: 'int-below',
      permissions: ['domains.edit_descendants'],
      group: 'Building A',
    });
    users.devices = await addProjectUser(t, { login: 'int-devices', permissions: ['devices.edit'], group: 'Unit 101' });
    users.none = await addProjectUser(t, { login: 'int-none', permissions: ['users.view'], group: 'Unit 101' });
  });
  afterAll(async () => {
    await t.close();
    await vms.close();
  });

  it('lists the kinds of integration', async () => {
    expect((await ok('GET', '/integrations/available', undefined, users.viewer?.token)).data).toEqual([
      { type: 'axxon', name: 'Axxon One' },
    ]);
    expect((await call('GET', '/integrations/available', undefined, users.none?.token)).statusCode).toBe(403);
  });

  it('creates and updates by POST; the password is never answered and kept when sent as null', async () => {
    const id = await create({
      name: 'Main VMS',
      settings: { url: 'https://vms.example.test:8000/asip-api/', user: 'root', password: 'secret-1' },
    });
    const item = (await ok('GET', `/integrations/${id}`)).data;
    expect(v.is(IntegrationSchema, item)).toBe(true);
    expect(item).toMatchObject({
      id,
      type: 'axxon',
      name: 'Main VMS',
      domain_id: null,
      domains: [],
      settings: {
        url: 'https://vms.example.test:8000/asip-api',
        user: 'root',
        password: null,
        has_password: true,
        certificate: null,
      },
    });
    const stored = await t.db
      .selectFrom('integrations')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.password).toBe('secret-1');
    const updated = (
      await ok('POST', `/integrations/${id}`, { name: 'Main video', settings: { user: 'operator', password: null } })
    ).data;
    expect(updated).toMatchObject({
      name: 'Main video',
      settings: { user: 'operator', has_password: true, password: null },
    });
    const kept = await t.db
      .selectFrom('integrations')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.password).toBe('secret-1');
    await ok('POST', `/integrations/${id}`, { settings: { password: 'secret-2' } });
    const changed = await t.db
      .selectFrom('integrations')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(changed.password).toBe('secret-2');

    // One integration per platform server in a project (8.2), the address compared without case or trailing slash.
    const again = await call('POST', '/integrations', {
      name: 'Same server',
      settings: { url: 'HTTPS://VMS.example.test:8000/asip-api' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'external video platform server url exists',
      errors: { 'settings.url': { code: 'not_unique' } },
    });
    const other = await create({ name: 'Second VMS', settings: { url: 'http://10.0.0.9' } });
    const clash = await call('POST', `/integrations/${other}`, {
      settings: { url: 'https://vms.example.test:8000/asip-api' },
    });
    expect(clash.json().message).toBe('external video platform server url exists');

    // Bad input is a field error, never a 5xx.
    const bad = await call('POST', '/integrations', { name: '', settings: { url: 'ftp://x' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'settings.url']);
    await ok('DELETE', `/integrations/${other}`);
    expect((await call('GET', `/integrations/${other}`)).statusCode).toBe(404);
  });

  it('keeps project-level integrations to change-project-settings and group ones to the permissions of 6.3', async () => {
    const project = await create({ name: 'Project VMS', settings: { url: 'https://project.vms.test' } });
    const unit101 = ids.groups['Unit 101'] as number;
    const unit102 = ids.groups['Unit 102'] as number;
    const buildingA = ids.groups['Building A'] as number;

    // Self-domain integrations: its own group only.
    const own = await create(
      { name: 'Unit 101 VMS', domain_id: unit101, settings: { url: 'https://u101.vms.test' } },
      users.self?.token,
    );
    expect(
      (await call('POST', '/integrations', { name: 'P', settings: { url: 'https://p.test' } }, users.self?.token))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/integrations',
          { name: 'U102', domain_id: unit102, settings: { url: 'https://u102.test' } },
          users.self?.token,
        )
      ).statusCode,
    ).toBe(403);
    // Edit-descendants: groups strictly below the caller's.
    const below = await create(
      { name: 'Below VMS', domain_id: unit102, settings: { url: 'https://below.vms.test' } },
      users.below?.token,
    );
    expect(
      (
        await call(
          'POST',
          '/integrations',
          { name: 'A', domain_id: buildingA, settings: { url: 'https://a.test' } },
          users.below?.token,
        )
      ).statusCode,
    ).toBe(403);
    // A group that is not the project's is an invalid related entity.
    const nowhere = await call('POST', '/integrations', {
      name: 'X',
      domain_id: 999_999,
      settings: { url: 'https://x.test' },
    });
    expect(nowhere.json()).toMatchObject({ message: 'invalid related entity sent' });

    const list = async (token?: string) =>
      namesOf(
        (
          await ok(
            'GET',
            `/integrations/items?size=100&filters=${encodeURIComponent(JSON.stringify([{ field: 'search', rule: 'contains', value: 'VMS' }]))}`,
            undefined,
            token,
          )
        ).data,
      );
    expect(await list(users.self?.token)).toEqual(['Unit 101 VMS']);
    expect(await list(users.below?.token)).toEqual(['Below VMS', 'Unit 101 VMS']);
    expect(await list(users.viewer?.token)).toEqual(
      expect.arrayContaining(['Below VMS', 'Project VMS', 'Unit 101 VMS']),
    );
    // Device editors pick a door's integration among the project's.
    expect(await list(users.devices?.token)).toEqual(
      expect.arrayContaining(['Below VMS', 'Project VMS', 'Unit 101 VMS']),
    );
    expect((await call('GET', '/integrations/items', undefined, users.none?.token)).statusCode).toBe(403);

    // Writes follow each integration's level.
    expect((await call('POST', `/integrations/${project}`, { name: 'Mine' }, users.self?.token)).statusCode).toBe(404);
    expect((await call('POST', `/integrations/${project}`, { name: 'Mine' }, users.viewer?.token)).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/integrations/${project}`, { name: 'Mine' }, users.devices?.token)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/integrations/${own}`, undefined, users.devices?.token)).statusCode).toBe(403);
    await ok('POST', `/integrations/${own}`, { name: 'Unit 101 video' }, users.self?.token);
    expect((await call('POST', `/integrations/${below}`, { name: 'x' }, users.self?.token)).statusCode).toBe(404);
    const deleted = await ok('POST', '/integrations/delete-all', { items: [own, below, project] }, users.below?.token);
    expect(deleted.data).toEqual({ deleted: 2 });
    expect((await ok('GET', `/integrations/${project}`)).data.name).toBe('Project VMS');
    await ok('DELETE', `/integrations/${project}`);
  });

  it('takes a PEM certificate file, shows its subject, and removes it', async () => {
    const id = await create({ name: 'Cert VMS', settings: { url: 'https://cert.vms.test' } });
    const notPem = await upload(id, 'vms.pem', 'hello');
    expect(notPem.statusCode).toBe(400);
    expect(notPem.json().message).toBe('invalid file');
    const { cert, key } = generateSelfSigned(['cert.vms.test']);
    const up = await upload(id, 'client.pem', `${cert}\n${key}`);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.settings.certificate).toMatchObject({ name: 'client.pem', has_key: true });
    expect(up.json().data.settings.certificate.subject).toContain('cert.vms.test');
    expect(up.body).not.toContain('PRIVATE KEY');
    expect((await upload(id, 'x.pem', cert, users.viewer?.token)).statusCode).toBe(403);
    const removed = await ok('DELETE', `/integrations/${id}/certificate`);
    expect(removed.data.settings.certificate).toBeNull();
    await ok('DELETE', `/integrations/${id}`);
  });

  describe('against the video platform', () => {
    let linked = 0;
    beforeAll(async () => {
      linked = await create({
        name: 'Simulated VMS',
        settings: { url: vms.url, user: 'gatehouse', password: 'vms-secret' },
      });
      expect((await upload(linked, 'vms.pem', vms.certificate as string)).statusCode).toBe(200);
    });

    it('lists macros and cameras with name search and pages', async () => {
      const all = await ok('GET', `/integrations/${linked}/macros`, undefined, users.devices?.token);
      expect(all.meta.total).toBe(3);
      expect(all.data[0]).toEqual({
        id: 1,
        name: 'Bookmark entrance passage',
        guid: '4fd9420e-0d22-4684-9f0a-3514240cc1ac',
      });
      const search = encodeURIComponent(JSON.stringify([{ field: 'search', rule: 'contains', value: 'ENTRANCE' }]));
      const found = await ok('GET', `/integrations/${linked}/macros?filters=${search}`);
      expect(namesOf(found.data)).toEqual(['Bookmark entrance passage', 'Record entrance 30 s']);
      const page2 = await ok('GET', `/integrations/${linked}/cameras?size=3&page=2`);
      expect(page2.meta).toMatchObject({ page: 2, size: 3, total: 4 });
      expect(page2.data).toEqual([
        {
          id: 4,
          name: 'Bike room',
          display_name: 'Bike room',
          access_point: 'hosts/VMS1/DeviceIpint.4/SourceEndpoint.video:0:0',
        },
      ]);
      expect((await call('GET', `/integrations/${linked}/cameras`, undefined, users.none?.token)).statusCode).toBe(403);
    });

    it('answers catalogue errors when the platform refuses, fails or is away, never a 5xx of ours', async () => {
      await ok('POST', `/integrations/${linked}`, { settings: { password: 'wrong' } });
      const refused = await call('GET', `/integrations/${linked}/macros`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('invalid credentials');
      await ok('POST', `/integrations/${linked}`, { settings: { password: 'vms-secret' } });

      vms.failWith500(true);
      const failing = await call('GET', `/integrations/${linked}/cameras`);
      vms.failWith500(false);
      expect(failing.statusCode).toBe(503);
      expect(failing.json().message).toBe('grpc connection error');

      // Its certificate not trusted: HTTPS refused.
      await ok('DELETE', `/integrations/${linked}/certificate`);
      const untrusted = await call('GET', `/integrations/${linked}/macros`);
      expect(untrusted.statusCode).toBe(503);
      expect(untrusted.json().message).toBe('integration server unavailable');
      expect((await upload(linked, 'vms.pem', vms.certificate as string)).statusCode).toBe(200);

      const down = await startVideoPlatform({ tls: false });
      const away = await create({ name: 'Gone VMS', settings: { url: down.url } });
      await down.close();
      const unreachable = await call('GET', `/integrations/${away}/macros`);
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json().message).toBe('integration server unavailable');
      await ok('DELETE', `/integrations/${away}`);
    });

    it('presents its client certificate when the file holds one (mutual TLS)', async () => {
      const client = generateSelfSigned(['gatehouse-client'], 30, 'client');
      const mtls = await startVideoPlatform({ clientCa: client.cert });
      const id = await create({ name: 'mTLS VMS', settings: { url: mtls.url, user: 'root', password: 'root' } });
      await upload(id, 'server.pem', mtls.certificate as string);
      expect((await call('GET', `/integrations/${id}/macros`)).statusCode).toBe(503);
      const up = await upload(id, 'client.pem', `${client.cert}\n${client.key}\n${mtls.certificate}`);
      expect(up.statusCode, up.body).toBe(200);
      expect((await ok('GET', `/integrations/${id}/macros`)).meta.total).toBe(3);
      await mtls.close();
      await ok('DELETE', `/integrations/${id}`);
    });

    it('runs the door macro on the platform when access is granted there, not when refused', async () => {
      const unknown = await call('PUT', '/devices', {
        name: 'Linked nowhere',
        serial_number: 'VMS-NOWHERE',
        type: 'accesscontroller',
        domain_id: ids.groups['Building A'],
        device_settings: { integration_axxon: { integration_id: 999_999, macro_name: 'x', macro_guid: 'x' } },
      });
      expect(unknown.statusCode, unknown.body).toBe(400);
      expect(unknown.json().message, unknown.body).toBe('invalid related entity sent');

      const door = await ok('PUT', '/devices', {
        name: 'Gate with video',
        serial_number: 'VMS-GATE',
        type: 'accesscontroller',
        protocol: 'mqtt',
        domain_id: ids.groups['Building A'],
        device_settings: {
          mqtt_password: 'pw-vms-gate',
          integration_axxon: {
            integration_id: linked,
            direction: 'in',
            macro_name: 'Record entrance 30 s',
            macro_guid: '0d1e05e6-8b4b-4be7-bc44-fcdf2cde4135',
            camera_name: 'Entrance',
            camera_guid: 'hosts/VMS1/DeviceIpint.1/SourceEndpoint.video:0:0',
          },
        },
      });
      expect(door.data).toBeGreaterThan(0);
      const before = vms.runs.length;
      const at = new Date().toISOString();
      await t.app.deviceEvents.handle('VMS-GATE', [
        {
          id: 'vms-1',
          at,
          type: 'access.denied',
          data: { identifier: 'card:000', reason: 'unknown_identifier', relay: 1 },
        },
        { id: 'vms-2', at, type: 'identifier.used', data: { identifier: 'card:123456', relay: 1 } },
      ]);
      const runs = await vms.waitForRuns(before + 1);
      expect(runs.slice(before).map((r) => r.id)).toEqual(['0d1e05e6-8b4b-4be7-bc44-fcdf2cde4135']);
      // A replayed batch is stored once and runs nothing again; the next passage runs it again.
      await t.app.deviceEvents.handle('VMS-GATE', [
        { id: 'vms-2', at, type: 'identifier.used', data: { identifier: 'card:123456', relay: 1 } },
        { id: 'vms-3', at, type: 'identifier.used', data: { identifier: 'card:123456', relay: 1 } },
      ]);
      const more = await vms.waitForRuns(before + 2);
      expect(more.length).toBe(before + 2);
    });
  });
});
