/** What the e2e server is started with (playwright.config.ts) and what tests log in with. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 8199),
  adminPassword: 'admin-e2e-pass',
  demoPassword: 'demo-e2e-pass',
} as const;
