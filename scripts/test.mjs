/**
 * `npm test`: every suite, as fast as two cores allow.
 *   1. typecheck and lint, side by side;
 *   2. two lanes side by side:
 *      - the unit project (machines, UI, stories in jsdom), then the end-to-end
 *        scenarios in Chromium (they build the console first);
 *      - the API project (the server through app.inject, on SQLite and
 *        PostgreSQL when TEST_DATABASE_URL is set), the longest suite, which
 *        mostly waits on its databases.
 *    The browser lane starts when the unit tests end instead of after the API
 *    suite, which takes twice as long.
 * Each suite's lines are prefixed with its name; a failing suite stops its lane
 * (and a failing first phase stops the run), and a summary gives each suite's time.
 */
import { spawn } from 'node:child_process';

const npx = (args) => ['npx', args];
/** Phases run one after another; each phase's lanes run side by side, each lane's suites in order. */
const PHASES = [
  [[['typecheck', ...npx(['tsc', '--noEmit', '-p', 'tsconfig.json'])]], [['lint', ...npx(['biome', 'check', '.'])]]],
  [
    [
      ['unit', ...npx(['vitest', 'run', '--project', 'unit'])],
      ['e2e', 'npm', ['run', 'test:e2e']],
    ],
    [['api', ...npx(['vitest', 'run', '--project', 'api'])]],
  ],
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

/** Runs a lane's suites in order; a failure ends the lane. */
async function lane(suites) {
  for (const [name, command, args] of suites) {
    const result = await run(name, command, args);
    results.push(result);
    if (!result.ok) {
      failed = true;
      return;
    }
  }
}

for (const phase of PHASES) {
  await Promise.all(phase.map(lane));
  if (failed) break;
}
console.log('\nsuite       result  seconds');
for (const r of results)
  console.log(`${r.name.padEnd(11)} ${(r.ok ? 'pass' : 'FAIL').padEnd(7)} ${r.seconds.toFixed(0)}`);
process.exit(failed ? 1 : 0);
