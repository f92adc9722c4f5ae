#!/usr/bin/env node
/**
 * `npm start`: builds the console when dist/ is missing or older than its
 * sources and compiles the server when build/server/ is (scripts/build-server.mjs),
 * then runs the compiled server in the foreground (stdio inherited, signals
 * forwarded, its exit code returned).
 *
 * Binaries are run with this Node directly rather than through npx: one process
 * fewer between the terminal and the server, so Ctrl-C and SIGTERM reach it as is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));

/** Newest modification time (ms) under the given files and folders. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(join(root, path));
  return newest;
}

function consoleNeedsBuild() {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  return (
    statSync(index).mtimeMs <
    newestMtime(['src', 'locales', 'index.html', 'vite.config.ts', 'scripts/vite-precompress.ts'])
  );
}

// GATEHOUSE_SKIP_CONSOLE_BUILD=1: the API alone (tests, API-only hosts); the console is served if dist/ exists.
if (process.env.GATEHOUSE_SKIP_CONSOLE_BUILD !== '1' && consoleNeedsBuild()) {
  console.log('Building the console (vite build)…');
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
}

const compiled = await buildServer();
if (compiled.rebuilt) console.log(`Compiled the server (build/server/) in ${Math.round(compiled.ms)} ms`);

// Source maps: a stack trace names server/*.ts lines, not the bundle's.
const server = spawn(process.execPath, ['--enable-source-maps', join('build', 'server', 'main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

const forward = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

// `npm start` runs this script through `sh -c`, and npm hands SIGTERM/SIGINT to that shell only.
// package.json `exec`s this script so the signal lands here; should a shell still sit between
// (another script-shell) and die of it, this process is orphaned: that too means stop.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) forward('SIGTERM');
}, 250).unref();

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
