import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/chromium';
import { E2E } from './tests/e2e/env';

/**
 * End-to-end tests in Debian's Chromium against `npm start` on a temporary
 * data directory (fresh database, demo content, known passwords).
 */
const port = E2E.port;
// Workers load this file again: the directory is made once and handed down through the environment,
// so tests can read what the server keeps there (the mail outbox).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: CHROMIUM,
    trace: 'off',
  },
  webServer: {
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/v0/info`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      SIP_PORT: String(E2E.sipPort),
      // Never the machine's 1883: a port of this run, for the demo's simulated devices.
      MQTT_PORT: String(E2E.mqttPort),
      // The demo's devices come online (the device and elevator journeys need them), but the building stays still:
      // no random identifiers, outages or alarms under the journeys' feet.
      GATEHOUSE_SIMULATOR: '1',
      GATEHOUSE_SIMULATOR_ACTIVITY: 'off',
      // The softphone journey plays the entrance panel's SIP number itself.
      GATEHOUSE_SIMULATOR_SIP: '0',
      // The network search asks there; the demo's devices to find answer on 127.0.2.x.
      DEVICE_SEARCH_PORT: String(E2E.searchPort),
      DATA_DIR: dataDir,
      GATEHOUSE_ADMIN_LOGIN: 'admin',
      GATEHOUSE_ADMIN_PASSWORD: E2E.adminPassword,
      GATEHOUSE_DEMO_PASSWORD: E2E.demoPassword,
      GATEHOUSE_SELF_REGISTRATION: '1',
      // The journeys are written against the first demo's small world (one building, five people):
      // a picker or list page of the full residence would hide the rows they look for (tests/README.md).
      GATEHOUSE_DEMO_SIZE: 'small',
    },
  },
});
