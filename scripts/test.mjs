/**
 * `npm test`: every suite, as fast as two cores allow.
 *   1. typecheck and lint, side by side;
 *   2. the unit project (machines, UI, stories in jsdom) beside the API project
 *      (the server through app.inject, on SQLite and PostgreSQL when
 *      TEST_DATABASE_URL is set): one is CPU-bound, the other mostly waits on
 *      its databases;
 *   3. the end-to-end scenarios in Chromium (they need the built console).
 * Each suite's lines are prefixed with its name; a failing step stops the run
 * after its phase, and a summary gives each suite's time.
 */
import { spawn } from 'node:child_process';

const npx = (args) => ['npx', args];
const PHASES = [
  [
    ['typecheck', ...npx(['tsc', '--noEmit', '-p', 'tsconfig.json'])],
    ['lint', ...npx(['biome', 'check', '.'])],
  ],
  [
    ['unit', ...npx(['vitest', 'run', '--project', 'unit'])],
    ['api', ...npx(['vitest', 'run', '--project', 'api'])],
  ],
  [['e2e', 'npm', ['run', 'test:e2e']]],
];

function run(name, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const prefix = `[${name}] `;
    const relay = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = [];
let failed = false;
for (const phase of PHASES) {
  const done = await Promise.all(phase.map(([name, command, args]) => run(name, command, args)));
  results.push(...done);
  if (done.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}
console.log('\nsuite       result  seconds');
for (const r of results)
  console.log(`${r.name.padEnd(11)} ${(r.ok ? 'pass' : 'FAIL').padEnd(7)} ${r.seconds.toFixed(0)}`);
process.exit(failed ? 1 : 0);
