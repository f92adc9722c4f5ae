#!/usr/bin/env node
/**
 * `npm start`: builds the console when dist/ is missing or older than its
 * sources, then runs the platform server in the foreground (stdio inherited,
 * signals forwarded, its exit code returned).
 *
 * Binaries are run with this Node directly rather than through npx: one process
 * fewer between the terminal and the server, so Ctrl-C and SIGTERM reach it as is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  return statSync(index).mtimeMs < newestMtime(['src', 'locales', 'index.html', 'vite.config.ts']);
}

if (consoleNeedsBuild()) {
  console.log('Building the console (vite build)…');
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The console build failed; the server was not started.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', join('server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
