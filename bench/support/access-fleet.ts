/**
 * The simulated doors of bench/support/access-converge.ts, in a process of their own (devices
 * are not the server): `fleetDevices(n)` on `url`. Over IPC the bench asks `{ key }` and hears
 * `{ key, held }` as soon as every door's simulator holds that identifiers item (looked at every
 * 5 ms). argv: `<url> <n>`.
 */
import { fleetDevices, startSimulatedFleet } from '../../server/simulator/devices/fleet';
import { sleep } from './devices-measure';

const [url, count] = process.argv.slice(2);
const n = Number(count);
const fleet = await startSimulatedFleet({ url: String(url), devices: fleetDevices(n), heartbeatS: 30 });
const holding = (key: string) => fleet.devices.filter((d) => d.lists.identifiers.has(key)).length;
process.on('message', async (message: { key: string }) => {
  while (holding(message.key) < n) await sleep(5);
  process.send?.({ key: message.key, held: holding(message.key) });
});
process.on('disconnect', () => process.exit(0));
