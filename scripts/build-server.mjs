#!/usr/bin/env node
/**
 * Compiles the platform server to build/server/ with esbuild (one bundle per
 * entry: the server and each worker thread), so `npm start` runs JavaScript
 * instead of compiling TypeScript at every start (docs/decisions.md, "Compiled
 * server"). Packages stay external: native modules (better-sqlite3, argon2),
 * werift and jssip load from node_modules as they do under tsx.
 *
 * `import.meta.url` in a bundled module is rewritten to its source file's URL,
 * so files read next to the sources (server/content, package.json, dist/) are
 * found unchanged; start-worker.ts maps a worker's source to its bundle.
 *
 * Rebuilds only when an input of the last build (listed in its metafile) or
 * this script is newer than the bundle. `node scripts/build-server.mjs --force`
 * rebuilds anyway.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT_DIR = join(root, 'build', 'server');
const META = join(OUT_DIR, 'meta.json');
const SELF = fileURLToPath(import.meta.url);

/** Entry points: output name → source. Workers are their own bundles (a thread loads a file). */
const ENTRIES = {
  main: 'server/main.ts',
  'image-worker': 'server/workers/image-worker.ts',
};

/** esbuild is not a dependency of ours: it comes with tsx (a dependency), so it is resolved through it. */
function loadEsbuild() {
  const fromRoot = createRequire(join(root, 'package.json'));
  try {
    return fromRoot('esbuild');
  } catch {
    return createRequire(fromRoot.resolve('tsx/package.json'))('esbuild');
  }
}

/** True when the bundle is missing or older than one of its inputs (or this script). */
export function serverNeedsBuild() {
  const main = join(OUT_DIR, 'main.mjs');
  if (!existsSync(main) || !existsSync(META)) return true;
  const builtAt = statSync(main).mtimeMs;
  const inputs = Object.keys(JSON.parse(readFileSync(META, 'utf8')).inputs ?? {});
  for (const input of [...inputs.map((file) => join(root, file)), SELF]) {
    if (!existsSync(input) || statSync(input).mtimeMs > builtAt) return true;
  }
  return false;
}

/** Rewrites `import.meta.url` in our TypeScript sources to the source file's own URL, relative to the bundle. */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      // Every bundle sits directly in OUT_DIR, so one relative path from there fits all of them.
      const fromBundle = relative(OUT_DIR, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Builds when needed (or always with `force`); answers whether it did and how long it took. */
export async function buildServer({ force = false } = {}) {
  if (!force && !serverNeedsBuild()) return { rebuilt: false, ms: 0 };
  const started = performance.now();
  const esbuild = loadEsbuild();
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({ in: source, out })),
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Tells start-worker.ts that workers are bundles in OUT_DIR, not TypeScript to boot through tsx.
    define: { GATEHOUSE_COMPILED: 'true' },
    plugins: [sourceUrls],
  });
  writeFileSync(META, JSON.stringify(result.metafile));
  return { rebuilt: true, ms: performance.now() - started };
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const { rebuilt, ms } = await buildServer({ force: process.argv.includes('--force') });
  console.log(rebuilt ? `Compiled the server to build/server/ in ${Math.round(ms)} ms` : 'build/server/ is up to date');
}
