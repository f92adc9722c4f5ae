import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedDevice } from '../../server/simulator/devices/device';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { type ManualClock, manualClock } from '../support/clock';
import { eventually } from '../support/eventually';
import { addProjectUser, demoIds } from '../support/project-users';

/**
 * Remote control sessions (7.4; §5; 8.3): only an online mqtt device, the device's web
 * credentials, commands turned into device requests, the signed payload checked on every
 * command, sessions of their owner only, and the 60 s idle expiry on a clock the test moves.
 */
describe.each(dialects)('remote control sessions (%s)', (dialect) => {
  const SERIAL = `RC-${dialect}-PANEL`;
  let t: TestApp;
  let clock: ManualClock;
  let admin = '';
  let groups: Record<string, number> = {};
  let device: SimulatedDevice;
  const open = (body: unknown, token = admin) => t.call('PUT', '/devices/remote-control/sessions', { token, body });
  const send = (id: string, body: unknown, token = admin) =>
    t.call('PATCH', `/devices/remote-control/sessions/${id}`, { token, body });
  const list = (token = admin) => t.call('GET', '/devices/remote-control/sessions/items', { token });
  const addDevice = async (body: Record<string, unknown>) => {
    const res = await t.call('PUT', '/devices', { token: admin, body: { domain_id: groups['Building A'], ...body } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as number;
  };

  beforeAll(async () => {
    clock = manualClock(new Date('2026-03-01T10:00:00.000Z'));
    t = await buildTestApp(dialect, { ...SMALL_DEMO, clock, brokerPorts: { port: 0, websocketPort: null } });
    admin = (await t.session('admin')).token;
    ({ groups } = await demoIds(t));
    await addDevice({
      name: 'Gate panel',
      serial_number: SERIAL,
      device_login: 'admin',
      device_password: 'panel-web-pass',
      device_settings: { mqtt_password: 'rc-mqtt-secret' },
    });
    const port = t.app.ctx.deviceLink.status().listeners[0]?.port;
    device = new SimulatedDevice({
      url: `mqtt://127.0.0.1:${port}`,
      serial: SERIAL,
      password: 'rc-mqtt-secret',
      kind: 'panel',
    });
    await device.start();
    await eventually(() => t.app.ctx.deviceLink.isOnline(SERIAL));
  });
  afterAll(async () => {
    await device.stop();
    await t.close();
  });

  it('opens a session on an online mqtt device with its screen and a signed payload', async () => {
    const res = await open({ serial_number: SERIAL, login: 'admin', password: '********' });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({
      serial_number: SERIAL,
      device_name: 'Gate panel',
      device_type: 'panel',
      screen: 'idle',
      expires_at: '2026-03-01T10:01:00.000Z',
    });
    expect(session.session_id).toMatch(/^[\w-]{20,}$/);
    expect(session.payload.split('.')).toHaveLength(3);
    const listed = await list();
    expect(listed.json().data.map((s: { session_id: string }) => s.session_id)).toContain(session.session_id);
  });

  it('refuses an offline device, a device not on mqtt, an unknown serial and wrong credentials', async () => {
    await addDevice({ name: 'Sleeping panel', serial_number: `RC-${dialect}-OFF` });
    const offline = await open({ serial_number: `RC-${dialect}-OFF` });
    expect(offline.statusCode).toBe(409);
    expect(offline.json().message).toBe('device offline, cannot connect');
    await addDevice({ name: 'HTTP panel', serial_number: `RC-${dialect}-HTTP`, protocol: 'http' });
    const http = await open({ serial_number: `RC-${dialect}-HTTP` });
    expect(http.statusCode).toBe(409);
    expect(http.json().message).toBe('protocol not mqtt, cannot connect');
    expect((await open({ serial_number: 'NOBODY' })).statusCode).toBe(404);
    const wrong = await open({ serial_number: SERIAL, login: 'admin', password: 'guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('invalid credentials');
    const blank = await open({ serial_number: '' });
    expect(blank.json()).toMatchObject({ errors: { serial_number: { code: 'required' } } });
  });

  it('turns commands into device requests and answers the fresh screen', async () => {
    const session = (await open({ serial_number: SERIAL })).json().data;
    const emit = vi.spyOn(device, 'emit');
    const relay = await send(session.session_id, { payload: session.payload, command: 'relay.open', relay: 2 });
    expect(relay.statusCode, relay.body).toBe(200);
    expect(relay.json().data).toMatchObject({ session_id: session.session_id, screen: 'idle' });
    await eventually(() => emit.mock.calls.find(([type]) => type === 'door.opened'));
    expect(emit).toHaveBeenCalledWith('door.opened', { relay: 2, reason: 'remote' });
    const button = await send(session.session_id, { payload: session.payload, command: 'call.button', button: 3 });
    expect(button.statusCode, button.body).toBe(200);
    await eventually(() => emit.mock.calls.find(([type]) => type === 'button.pressed'));
    expect(emit).toHaveBeenCalledWith('button.pressed', { button: 3 });
    device.screen = 'call';
    const screen = await send(session.session_id, { payload: session.payload, command: 'screen.state' });
    expect(screen.json().data.screen).toBe('call');
    device.screen = 'idle';
    emit.mockRestore();
  });

  it('checks commands: fields, the relay the device has, the payload of this session', async () => {
    const session = (await open({ serial_number: SERIAL })).json().data;
    const other = (await open({ serial_number: SERIAL })).json().data;
    const noButton = await send(session.session_id, { payload: session.payload, command: 'call.button' });
    expect(noButton.json()).toMatchObject({ errors: { button: { code: 'required' } } });
    const badCommand = await send(session.session_id, { payload: session.payload, command: 'self.destruct' });
    expect(badCommand.json()).toMatchObject({ errors: { command: { code: 'invalid' } } });
    const relay = await send(session.session_id, { payload: session.payload, command: 'relay.open', relay: 9 });
    expect(relay.statusCode).toBe(400);
    expect(relay.json()).toMatchObject({ errors: { relay: { code: 'invalid' } } });
    const swapped = await send(session.session_id, { payload: other.payload, command: 'screen.state' });
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().message).toBe('invalid token');
    const [head, claims] = session.payload.split('.');
    const forged = await send(session.session_id, { payload: `${head}.${claims}.AAAA`, command: 'screen.state' });
    expect(forged.json().message).toBe('invalid token');
    expect((await send('no-such-session', { payload: session.payload, command: 'screen.state' })).statusCode).toBe(404);
  });

  it("a session is its owner's only; others need the edit permission", async () => {
    const session = (await open({ serial_number: SERIAL })).json().data;
    const editor = await addProjectUser(t, {
      login: `rc-editor-${dialect}`,
      permissions: ['devices.edit', 'devices.view_all'],
      group: 'Building A',
    });
    const theirs = await send(session.session_id, { payload: session.payload, command: 'screen.state' }, editor.token);
    expect(theirs.statusCode).toBe(404);
    expect((await list(editor.token)).json().data).toEqual([]);
    const viewer = await addProjectUser(t, {
      login: `rc-viewer-${dialect}`,
      permissions: ['devices.view_all'],
      group: 'Building A',
    });
    expect((await open({ serial_number: SERIAL }, viewer.token)).statusCode).toBe(403);
    expect((await list(viewer.token)).statusCode).toBe(403);
  });

  it('ends a session after 60 s without a command; a command keeps it alive; close ends it', async () => {
    const session = (await open({ serial_number: SERIAL })).json().data;
    clock.advance(50);
    const kept = await send(session.session_id, { payload: session.payload, command: 'screen.state' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.expires_at).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    clock.advance(50);
    expect((await send(session.session_id, { payload: session.payload, command: 'screen.state' })).statusCode).toBe(
      200,
    );
    clock.advance(61);
    expect((await send(session.session_id, { payload: session.payload, command: 'screen.state' })).statusCode).toBe(
      404,
    );
    expect((await list()).json().data).toEqual([]);
    const next = (await open({ serial_number: SERIAL })).json().data;
    const closed = await send(next.session_id, { payload: next.payload, command: 'close' });
    expect(closed.statusCode).toBe(200);
    expect((await list()).json().data).toEqual([]);
  });
});
