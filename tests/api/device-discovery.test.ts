import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedLink } from '../../server/mqtt/embedded-link';
import { probeDevice, startDiscoveryResponder } from '../../server/simulator/devices/discovery';
import { fleetDevices, type SimulatedFleet, startSimulatedFleet } from '../../server/simulator/devices/fleet';
import { isLoopbackV4, loopbackAddress, NotLoopbackError } from '../../server/simulator/devices/loopback';
import { startTestLink } from '../support/devices';

/**
 * The discovery probe the network search uses: simulated devices answer on their own loopback
 * addresses, and nothing binds or probes outside 127.0.0.0/8.
 */

describe('device discovery on loopback', () => {
  let link: EmbeddedLink;
  let fleet: SimulatedFleet;

  beforeAll(async () => {
    const devices = fleetDevices(3, { prefix: 'DISC', kinds: ['panel', 'accesscontroller', 'liftcontroller'] });
    ({ link } = await startTestLink(devices));
    const url = `mqtt://127.0.0.1:${link.broker().listeners[0]?.port}`;
    fleet = await startSimulatedFleet({ url, devices, discoveryPort: 0 });
  });
  afterAll(async () => {
    await fleet.stop();
    await link.close();
  });

  it('numbers loopback addresses from 127.0.1.0', () => {
    expect(loopbackAddress(0)).toBe('127.0.1.0');
    expect(loopbackAddress(3)).toBe('127.0.1.3');
    expect(loopbackAddress(300)).toBe('127.0.2.44');
    expect(() => loopbackAddress(-1)).toThrow(RangeError);
  });

  it('each device answers the probe at its address with what it is', async () => {
    expect(fleet.discovery.map((d) => d.address)).toEqual(['127.0.1.0', '127.0.1.1', '127.0.1.2']);
    const second = fleet.discovery[1];
    const info = await probeDevice('127.0.1.1', second?.port ?? 0);
    expect(info).toMatchObject({
      serial_number: 'DISC000001',
      type: 'accesscontroller',
      model: 'AC02',
      protocol: 'mqtt',
      ip: '127.0.1.1',
      port: second?.port,
    });
    expect(info?.mac).toMatch(/^02:47(:[0-9a-f]{2}){4}$/);
    expect(fleet.connectedCount()).toBe(3);
  });

  it('finds nothing where no device listens', async () => {
    const port = fleet.discovery[0]?.port ?? 0;
    expect(await probeDevice('127.0.9.9', port, 300)).toBeNull();
  });

  it('refuses to bind or probe outside 127.0.0.0/8', async () => {
    for (const address of ['10.0.0.1', '192.168.1.20', '0.0.0.0', '::1', '128.0.0.1', 'localhost', '127.1']) {
      expect(isLoopbackV4(address)).toBe(false);
      expect(() => probeDevice(address, 80)).toThrow(NotLoopbackError);
      await expect(startDiscoveryResponder(address, 0, () => ({}) as never)).rejects.toThrow(NotLoopbackError);
    }
    expect(isLoopbackV4('127.255.255.254')).toBe(true);
  });
});
