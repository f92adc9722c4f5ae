import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (machines, model-based paths, contract, UI and stories in jsdom)
 * and `api` (the platform server through app.inject, on SQLite and, when
 * TEST_DATABASE_URL is set, PostgreSQL).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/support/setup-dom.ts'],
          // UI tests drive whole pages; on a loaded 2-core machine (the API suite runs beside them)
          // 5 s is too tight, and a page test typing a long form once took 15 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
