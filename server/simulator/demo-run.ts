import type { Kysely } from 'kysely';
import type { SimulatorConfig } from '../config';
import type { Database } from '../db/schema';
import type { MediaOptions } from '../media/types';
import type { DeviceLink } from '../mqtt/link';
import { type DemoSimulator, startDemoSimulator } from './demo';
import { startDemoDevices } from './demo-devices';
import { type DemoLife, startDemoLife } from './demo-life';
import { type DemoSearchDevices, startDemoSearchDevices } from './demo-search';
import { startDemoVideoPlatform } from './demo-video';
import type { SimulatedFleet } from './devices/fleet';

/**
 * Demo mode's hardware as main starts it (GATEHOUSE_SIMULATOR): the entrance panel's SIP side
 * (unless GATEHOUSE_SIMULATOR_SIP=0), the MQTT devices on the embedded broker, the building's
 * activity (GATEHOUSE_SIMULATOR_ACTIVITY), and devices not yet added that the network search finds. Each part that fails is reported and the console keeps
 * running without it.
 */

export interface DemoHardwareOptions {
  db: Kysely<Database>;
  simulator: SimulatorConfig;
  link: DeviceLink;
  /** Where the network search asks (DEVICE_SEARCH_PORT): the devices to find answer there; absent: none. */
  searchPort?: number;
  /** The embedded SIP server, `wss://host:port`, and its domain; null when SIP did not start. */
  sip: { url: string; realm: string } | null;
  media: MediaOptions;
  log: (line: string) => void;
  error: (line: string) => void;
}

export interface DemoHardware {
  stop(): Promise<void>;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function startDemoHardware(options: DemoHardwareOptions): Promise<DemoHardware> {
  const { simulator, log } = options;
  let panel: DemoSimulator | null = null;
  if (simulator.sip && options.sip) {
    panel = await startDemoSimulator({
      db: options.db,
      ...options.sip,
      media: options.media,
      callInterval: simulator.callInterval,
      log,
    }).catch((error: unknown) => {
      options.error(`Door-panel simulator did not start: ${message(error)}`);
      return null;
    });
  }
  const fleet: SimulatedFleet | null = await startDemoDevices({ db: options.db, link: options.link, log }).catch(
    (error: unknown) => {
      options.error(`Demo devices did not start: ${message(error)}`);
      return null;
    },
  );
  let life: DemoLife | null = null;
  if (fleet && simulator.activity !== null) {
    life = startDemoLife({ devices: fleet.devices, periodS: simulator.activity, log });
    log(`Demo activity: something happens about every ${simulator.activity} s (GATEHOUSE_SIMULATOR_ACTIVITY).`);
  }
  // Devices for the network search to find (not in the project until added).
  const toFind: DemoSearchDevices | null =
    options.searchPort === undefined
      ? null
      : await startDemoSearchDevices({ db: options.db, link: options.link, port: options.searchPort, log }).catch(
          (error: unknown) => {
            options.error(`Demo search devices did not start: ${message(error)}`);
            return null;
          },
        );
  const video = await startDemoVideoPlatform({ db: options.db, log }).catch((error: unknown) => {
    options.error(`Demo video platform did not start: ${message(error)}`);
    return null;
  });
  return {
    async stop() {
      await video?.close();
      life?.stop();
      await panel?.stop();
      await fleet?.stop();
      await toFind?.stop();
    },
  };
}
