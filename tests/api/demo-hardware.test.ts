import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceEvent } from '../../server/mqtt/protocol';
import { type DemoHardware, startDemoHardware } from '../../server/simulator/demo-run';
import { syncDemoDoors } from '../../server/simulator/demo-sync';
import { buildTestApp, dialects, SMALL_DEMO, type TestApp } from '../support/api-app';
import { eventually } from '../support/devices';

/**
 * Demo mode's hardware as main starts it (server/simulator/demo-run.ts): the seeded devices come
 * online on the embedded broker holding the demo's cards and floor map, and with
 * GATEHOUSE_SIMULATOR_ACTIVITY the building produces events by itself.
 */

describe.each(dialects)('demo hardware (%s)', (dialect) => {
  let t: TestApp;
  let hardware: DemoHardware | null = null;
  const lines: string[] = [];
  const events: Array<DeviceEvent & { serial: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ...SMALL_DEMO, brokerPorts: { port: 0, websocketPort: null } });
    t.app.ctx.deviceLink.onEvents((serial, batch) => {
      events.push(...batch.map((event) => ({ ...event, serial })));
    });
  });
  afterAll(async () => {
    await hardware?.stop();
    await t.close();
  });

  it('the entrance panel device is the one with the SIP number 100200: one device, both sides', async () => {
    const rows = await t.db
      .selectFrom('sip_numbers as n')
      .innerJoin('devices as d', 'd.id', 'n.device_id')
      .select(['n.number', 'd.name', 'd.serial_number', 'd.protocol'])
      .orderBy('n.number')
      .execute();
    expect(rows).toEqual([
      { number: '100200', name: 'Entrance panel', serial_number: 'GH-DEMO-PANEL-A', protocol: 'mqtt' },
    ]);
  });

  it('brings the demo devices online with their cards, and the building lives', async () => {
    hardware = await startDemoHardware({
      db: t.db,
      simulator: { enabled: true, sip: false, callInterval: 0, activity: 1 },
      link: t.app.ctx.deviceLink,
      sip: null,
      media: t.config.media,
      log: (line) => lines.push(line),
      error: (line) => lines.push(`ERROR ${line}`),
    });
    await eventually(() => t.app.ctx.deviceLink.onlineSerials().length === 5);
    expect(t.app.ctx.deviceLink.onlineSerials().sort()).toEqual([
      'GH-DEMO-AC-1',
      'GH-DEMO-AC-2',
      'GH-DEMO-CAM-1',
      'GH-DEMO-LIFT-A',
      'GH-DEMO-PANEL-A',
    ]);
    expect(lines).toContain('Demo activity: something happens about every 1 s (GATEHOUSE_SIMULATOR_ACTIVITY).');
    expect(lines.some((line) => line.startsWith('ERROR'))).toBe(false);
    // One doing every 0.5-1.5 s: within 8 s at least three, each an event of a demo device.
    await eventually(() => lines.filter((line) => line.startsWith('Demo: ')).length >= 3, 8_000);
    await eventually(() => events.length >= 3, 5_000);
    const doings = new Set([
      'identifier.used',
      'door.opened',
      'access.denied',
      'plate.read',
      'barrier.opened',
      'lift.called',
      'button.pressed',
    ]);
    expect(events.every((event) => event.serial.startsWith('GH-DEMO-') && doings.has(event.type))).toBe(true);
    // Someone the devices know gets in: the demo's cards and plates are on them before any sync.
    await eventually(() => events.some((event) => ['identifier.used', 'barrier.opened'].includes(event.type)), 15_000);
  });

  it('points the demo integration at the simulated video platform; a granted passage at its door runs the macro', async () => {
    expect(hardware).not.toBeNull();
    const admin = (await t.session('admin', undefined, 'Riverside Residence')).token;
    const list = await t.call('GET', '/integrations/items', { token: admin });
    const vms = list.json().data.find((i: { name: string }) => i.name === 'Riverside VMS');
    expect(vms.settings.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/asip-api$/);
    expect(vms.settings.certificate).toMatchObject({ name: 'demo-vms.pem', has_key: false });
    const macros = await t.call('GET', `/integrations/${vms.id}/macros`, { token: admin });
    expect(macros.statusCode, macros.body).toBe(200);
    expect(macros.json().data.map((m: { name: string }) => m.name)).toContain('Bookmark entrance passage');
    await t.app.deviceEvents.handle('GH-DEMO-AC-1', [
      {
        id: 'demo-vms-1',
        at: new Date().toISOString(),
        type: 'identifier.used',
        data: { identifier: 'card:1', relay: 1 },
      },
    ]);
    await eventually(() => lines.includes('Video platform: macro "Bookmark entrance passage" ran.'), 10_000);
  });

  it('syncs the server’s own lists to the demo doors at start: the building’s life presents the demo users’ cards', async () => {
    expect(hardware).not.toBeNull();
    // Entrance panel, two controllers, the lift and the camera: identifiers and schedules each.
    expect(await syncDemoDoors(t.app.ctx)).toBe(10);
    // Asked again while those wait or run: nothing more (one sync per device and list).
    await eventually(async () => {
      const open = await t.db
        .selectFrom('device_tasks')
        .select('id')
        .where('kind', 'in', ['sync.identifiers', 'sync.schedules'])
        .where('status', '!=', 'completed')
        .execute();
      return open.length === 0;
    }, 15_000);
    // Once synced, a presented card is a real identifier with its holder's name.
    await eventually(async () => {
      const named = await t.db
        .selectFrom('access_events')
        .select(['user_name'])
        .where('user_id', 'is not', null)
        .execute();
      return named.length > 0;
    }, 20_000);
  });
});
