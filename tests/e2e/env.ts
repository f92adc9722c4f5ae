/** What the e2e server is started with (playwright.config.ts) and what tests log in with. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 8199),
  /** SIP over WSS of the e2e server: next to its HTTP port, so engineers' servers on 8443 do not clash. */
  sipPort: Number(process.env.E2E_SIP_PORT ?? Number(process.env.E2E_PORT ?? 8199) + 1000),
  /** The e2e server's embedded MQTT broker (the demo's simulated devices connect to it): never the machine's 1883. */
  mqttPort: Number(process.env.E2E_MQTT_PORT ?? Number(process.env.E2E_PORT ?? 8199) + 2000),
  /** Where the e2e server's network search asks (DEVICE_SEARCH_PORT); the demo's devices to find answer there. */
  searchPort: Number(process.env.E2E_PORT ?? 8199) + 3000,
  adminPassword: 'admin-e2e-pass',
  demoPassword: 'demo-e2e-pass',
} as const;
