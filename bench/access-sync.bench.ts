/**
 * One access rule change reaching 500 simulated doors (issue 12; goal ≤ 10 s), beside bare
 * figures of the same shape in the same run:
 * - gatehouse: the real app (bench/support/access-converge.ts): one rule naming all
 *   BENCH_SYNC_DOORS (500) doors and BENCH_SYNC_CARDS (1000) cards, held by every door; PATCH the
 *   rule to add a user with a card; `rule_ms` until every door's simulator holds the card (the
 *   rule's devices found, a sync task per door, the list sent whole to each door by the task
 *   queue — compiled, cut into parts and serialised once for the doors of a claim holding the
 *   same rules and locks — the simulator's answer), `api_ms` the PATCH's answer alone.
 * - same broker: the same card sent to the same simulators as one plain `sync` request each
 *   through the app's device link (`bare_ms`): what the broker and the simulators cost alone.
 * - bare aedes + MQTT.js: bench/bare/devices-baseline.ts `converge` with as many devices (a
 *   request published to each client until every one answered).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberFrom } from './support/devices-measure';

const here = dirname(fileURLToPath(import.meta.url));
const doors = numberFrom('BENCH_SYNC_DOORS', 500);
// 1000 cards are about 290 KB a door: past one payload (256 KiB), so the list goes in parts.
const cards = numberFrom('BENCH_SYNC_CARDS', 1000);

function run(script: string, args: (string | number)[]): Record<string, number> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(here, script), ...args.map(String)], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`${script} ${args.join(' ')} failed:\n${child.stderr.slice(-2000)}`);
  return JSON.parse(line.slice('RESULT '.length));
}
const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

console.log(`load before: ${load()}`);
console.log(
  `\nrule change to ${doors} doors holding ${cards} cards each, until every door holds it (goal ≤ 10,000 ms)`,
);
const gatehouse = run('support/access-converge.ts', [doors, cards]);
const bare = run('bare/devices-baseline.ts', ['converge', doors]);
console.log('                       doors   held   api_ms   converge_ms');
const line = (name: string, held: number, api: number | string, ms: number) =>
  console.log(
    `${name.padEnd(22)} ${String(doors).padStart(5)}  ${String(held).padStart(5)}  ${String(api).padStart(7)}  ${String(ms).padStart(12)}`,
  );
line('gatehouse (rule PATCH)', gatehouse.held ?? 0, gatehouse.api_ms ?? 0, gatehouse.rule_ms ?? 0);
line('same broker, plain req', doors - (gatehouse.bare_refused ?? 0), '-', gatehouse.bare_ms ?? 0);
line('bare aedes + MQTT.js', bare.converged ?? 0, '-', bare.converge_ms ?? 0);
console.log(`\nload after: ${load()}`);
