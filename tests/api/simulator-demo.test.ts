import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaEndpoint } from '../../server/media/endpoint';
import { findCallTarget, findPanelNumber, startDemoSimulator } from '../../server/simulator/demo';
import type { WaitingCall } from '../../src/contract/entities/calls';
import { dialects } from '../support/api-app';
import { LOOPBACK_MEDIA, waitFor } from '../support/media';
import { buildSipTestApp, eventually, NUMBERS, passwordOf, type SipTestApp } from '../support/sip';

/** Demo mode's simulator: which panel it plays, whom it calls, and that its calls queue as awaiting calls. */
describe.each(dialects)('demo door-panel simulator (%s)', (dialect) => {
  let t: SipTestApp;

  beforeAll(async () => {
    t = await buildSipTestApp(dialect, { media: () => createMediaEndpoint(LOOPBACK_MEDIA) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('plays the number that belongs to a device and calls its project’s awaiting-call number', async () => {
    const panel = await findPanelNumber(t.db);
    expect(panel).toMatchObject({ number: NUMBERS.panel, password: passwordOf(NUMBERS.panel), name: 'Main entrance' });
    expect(await findCallTarget(t.db, panel!)).toBe(NUMBERS.desk);
  });

  it('registers, calls every interval, one visitor at a time, and stops cleanly', async () => {
    const lines: string[] = [];
    const simulator = await startDemoSimulator({
      db: t.db,
      url: `wss://127.0.0.1:${t.port}`,
      realm: t.domain,
      media: LOOPBACK_MEDIA,
      callInterval: 1,
      log: (line) => lines.push(line),
    });
    expect(simulator).toMatchObject({ number: NUMBERS.panel, target: NUMBERS.desk });
    expect(lines.join('\n')).toContain(`panel ${NUMBERS.panel} calls ${NUMBERS.desk} every 1 s`);
    const { token } = await t.session('staff');
    const waiting = async () => (await t.call('GET', '/calls/waiting/items', { token })).json().data as WaitingCall[];
    const calls = await eventually(async () => {
      const list = await waiting();
      return list.length > 0 ? list : null;
    }, 5000);
    expect(calls[0]).toMatchObject({ caller: NUMBERS.panel, callee: NUMBERS.desk, status: 'waiting' });
    // Two more intervals pass: still the one call.
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(await waiting()).toHaveLength(1);

    await simulator.stop();
    await waitFor(() => lines.some((line) => line.endsWith('stopped')), 'the panel stopped');
    await eventually(async () => (await waiting()).length === 0);
  });

  it('stays idle when no number belongs to a device', async () => {
    await t.db.updateTable('sip_numbers').set({ device_id: null }).where('number', '=', NUMBERS.panel).execute();
    const lines: string[] = [];
    const simulator = await startDemoSimulator({
      db: t.db,
      url: `wss://127.0.0.1:${t.port}`,
      realm: t.domain,
      media: LOOPBACK_MEDIA,
      callInterval: 1,
      log: (line) => lines.push(line),
    });
    expect(simulator.number).toBeNull();
    expect(lines).toEqual(['Door-panel simulator: no SIP number belongs to a device; nothing to simulate.']);
    await simulator.stop();
  });

  it('prefers the master number of the panel’s own group', async () => {
    const now = new Date().toISOString();
    const group = await t.db
      .selectFrom('domains')
      .select('id')
      .where('project_id', '=', t.projectId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const device = await t.db
      .insertInto('devices')
      .values({
        project_id: t.projectId,
        name: 'Gate',
        token: 'gate-token',
        domain_id: group.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const add = (number: string, values: { purpose?: string; domain_id?: number; device_id?: number }) =>
      t.db
        .insertInto('sip_numbers')
        .values({
          project_id: t.projectId,
          number,
          password: passwordOf(number),
          created_at: now,
          updated_at: now,
          ...values,
        })
        .execute();
    await add('1600', { device_id: device.id });
    await add('1950', { purpose: 'master_sip_number' });
    const gate = (await findPanelNumber(t.db))!;
    expect(gate.number).toBe('1600');
    // A master number elsewhere ranks after the concierge number …
    expect(await findCallTarget(t.db, gate)).toBe(NUMBERS.desk);
    // … the master number of the panel's group before it.
    await add('1951', { purpose: 'master_sip_number', domain_id: group.id });
    expect(await findCallTarget(t.db, gate)).toBe('1951');
  });
});
