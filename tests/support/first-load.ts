import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * The budget of the console's first load: JavaScript and CSS of /login, gzip (issue 10: 180 KiB;
 * 185 KiB since issues 13 and 14 added a dozen pages: docs/decisions.md, "The console's first load").
 */
export const LOGIN_BUDGET_GZIP_BYTES = 185 * 1024;

export interface FirstLoad {
  /** Every script and stylesheet /login loaded, with its gzip size. */
  files: { path: string; gzipBytes: number }[];
  gzipBytes: number;
  /** From navigation to the login field being visible. */
  msToForm: number;
}

/** Gzip size of a built file: the build's .gz twin, or the file gzipped here (-9) when it has none (small files). */
function gzipSize(distDir: string, path: string): number {
  const file = join(distDir, decodeURIComponent(path));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Opens /login in a fresh page and sums the gzip sizes of the JavaScript and CSS
 * it loads until the network is idle (lazy chunks included), read from the
 * build in `distDir` so the figure does not depend on what the browser negotiated.
 */
export async function measureLoginLoad(page: Page, origin: string, distDir: string): Promise<FirstLoad> {
  const paths = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(m?js|css)$/.test(pathname)) paths.add(pathname);
  });
  const started = Date.now();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Login', { exact: true }).waitFor({ state: 'visible' });
  const msToForm = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const files = [...paths].sort().map((path) => ({ path, gzipBytes: gzipSize(distDir, path) }));
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), msToForm };
}
