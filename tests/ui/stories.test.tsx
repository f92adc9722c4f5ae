import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StateValue } from 'xstate';
import preview from '../../.storybook/preview';
import { type MachineStoryParameters, stateName } from '../../src/ui/storybook/machine-stories';
import { takeStoryLog } from '../../src/ui/storybook/story-log';

/**
 * Every story of every `*.stories.tsx` runs here as Storybook runs it (the real
 * preview: i18n, frozen actors, memory router), play function included: what a
 * story checks lives next to it. Beyond its play, each story must show
 * something and translate every text. Then the Machines section is held to
 * its promise: one story per state of each machine, named after the state and
 * hydrated from the fixture it names, and no fixture without a story.
 */
setProjectAnnotations(preview);
// Stories' plays wait like the other UI tests (a loaded 2-core machine).
configure({ asyncUtilTimeout: 5_000 });

type StoryModule = Parameters<typeof composeStories>[0];
type Composed = {
  run: () => Promise<void>;
  play?: unknown;
  /** The export's name. */
  storyName: string;
  parameters: MachineStoryParameters & Record<string, unknown>;
};
type Snapshot = { value: StateValue; context: unknown };

const storyModules = import.meta.glob<StoryModule>('../../src/**/*.stories.tsx', { eager: true });
const fixtureModules = import.meta.glob<Record<string, unknown>>('../../src/**/*.fixtures.ts', { eager: true });

const isSnapshot = (x: unknown): x is Snapshot =>
  typeof x === 'object' && x !== null && 'value' in x && 'context' in x && 'machine' in x;

/** Each fixtures module's snapshots (its `<name>Fixtures` exports), keyed by the module's path. */
const fixtureSets = Object.entries(fixtureModules).map(([path, module]) => {
  const snapshots = Object.entries(module)
    .filter(([name, value]) => name.endsWith('Fixtures') && typeof value === 'object' && value !== null)
    .flatMap(([, value]) => Object.entries(value as Record<string, unknown>))
    .filter((entry): entry is [string, Snapshot] => isSnapshot(entry[1]));
  const machine = /src\/machines\/([^/]+)\/\1\.fixtures\.ts$/.exec(path)?.[1] ?? null;
  return { path: path.replace(/^(\.\.\/)+/, ''), machine, snapshots: Object.fromEntries(snapshots) };
});
const machineFixtures = new Map(
  fixtureSets.flatMap((set) => (set.machine ? [[set.machine, set.snapshots] as const] : [])),
);
/** Which fixture a hydrated snapshot is, by identity. */
const fixtureOf = new Map<object, string>(
  fixtureSets.flatMap((set) => Object.entries(set.snapshots).map(([name, s]) => [s, `${set.path}#${name}`] as const)),
);

const stories = Object.values(storyModules).flatMap((module) => {
  const title = (module as { default: { title: string } }).default.title;
  return Object.entries(composeStories(module)).map(([exportName, composed]) => {
    const Story = composed as unknown as Composed;
    // The name Storybook shows: the story's `name`, else its export's.
    const name = (module as unknown as Record<string, { name?: string }>)[exportName]?.name ?? Story.storyName;
    return { id: `${title}/${exportName}`, title, Story, name, parameters: Story.parameters };
  });
});
const machineStories = stories.filter((s) => s.title.startsWith('Machines/'));

/** What each story hydrated, by story id (filled as stories run). */
const logs = new Map<string, ReturnType<typeof takeStoryLog>>();

async function run(story: (typeof stories)[number]) {
  takeStoryLog();
  try {
    await story.Story.run();
  } finally {
    logs.set(story.id, takeStoryLog());
  }
  return logs.get(story.id) as ReturnType<typeof takeStoryLog>;
}

/**
 * Runs the stories this process has not run yet (a filtered run), so coverage
 * is always complete. A failing play is its own test's failure, not this one's.
 */
async function runAll() {
  for (const story of stories) if (!logs.has(story.id)) await run(story).catch(() => undefined);
}

describe('stories', () => {
  it('finds the stories and the fixtures', () => {
    expect(stories.length).toBeGreaterThanOrEqual(300);
    expect(machineFixtures.size).toBeGreaterThanOrEqual(23);
  });

  it.each(stories.map((s) => [s.id, s] as const))('%s', async (_, story) => {
    const log = await run(story);
    expect(log.missingKeys).toEqual([]);
    expect(document.body.textContent?.trim().length ?? 0).toBeGreaterThan(0);
  });
});

describe('the Machines section', () => {
  beforeAll(runAll, 600_000);

  it('has a module for every machine with fixtures', () => {
    const covered = new Set(machineStories.map((s) => s.parameters.machine));
    expect([...machineFixtures.keys()].filter((m) => !covered.has(m as never))).toEqual([]);
  });

  it.each(machineStories.map((s) => [s.id, s] as const))(
    '%s names its fixture, shows it, is named after its state and checks it',
    (_, story) => {
      const { machine, fixture } = story.parameters;
      const fixtures = machine ? machineFixtures.get(machine) : undefined;
      expect(fixtures, `parameters.machine of ${story.title}`).toBeDefined();
      const snapshot = fixture ? fixtures?.[fixture] : undefined;
      expect(snapshot, `parameters.fixture "${fixture}" of ${machine}`).toBeDefined();
      expect(logs.get(story.id)?.hydrated).toContain(snapshot);
      expect(story.name).toBe(stateName((snapshot as Snapshot).value));
      expect(story.Story.play).toBeTypeOf('function');
    },
  );

  it.each([...machineFixtures.keys()])('%s: every state in its fixtures has one story', (machine) => {
    const fixtures = machineFixtures.get(machine) ?? {};
    const states = new Set(Object.values(fixtures).map((s) => stateName(s.value)));
    const shown = machineStories
      .filter((s) => s.parameters.machine === machine)
      .flatMap((s) => {
        const snapshot = fixtures[s.parameters.fixture ?? ''];
        return snapshot ? [stateName(snapshot.value)] : [];
      });
    expect([...states].filter((state) => !shown.includes(state))).toEqual([]);
    expect(shown.filter((state, i) => shown.indexOf(state) !== i)).toEqual([]);
  });

  it('leaves no fixture without a story', () => {
    const used = new Set([...logs.values()].flatMap((log) => log.hydrated.map((s) => fixtureOf.get(s))));
    expect([...fixtureOf.values()].filter((name) => !used.has(name))).toEqual([]);
  });
});
