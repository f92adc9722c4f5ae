import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { loaderFixtures } from '../../src/machines/loader/loader.fixtures';
import { type LoaderEvent, loaderMachine } from '../../src/machines/loader/loader.machine';
import { describeModel, pendingActor, replay, starts } from '../support/model-based';

const machine = loaderMachine.provide({ actors: { fetch: pendingActor() } });
const counts = { users: 3, projects: 1 };
const events = [
  { type: 'loader.reload' },
  { type: 'xstate.done.actor.fetch', output: counts },
  { type: 'xstate.error.actor.fetch', error: { code: 'network' } },
] as unknown as LoaderEvent[];

describeModel('loader', {
  machine,
  events,
  fixtures: loaderFixtures,
  invariants: {
    'a failed load says why': (s) => {
      if (s.matches('failed')) expect(s.context.error).not.toBeNull();
    },
    'a loaded value carries no old failure': (s) => {
      if (s.matches('loaded')) expect(s.context.error).toBeNull();
    },
    'the fetch runs exactly while loading': (s) => {
      expect(s.children.fetch !== undefined).toBe(s.matches('loading'));
    },
  },
  rules: {
    'every (re)load asks once, and nothing else asks': (step) => {
      // A reload while loading starts the load again: what was in flight may predate the change.
      const entered =
        step.after.matches('loading') && (!step.before?.matches('loading') || step.event.type === 'loader.reload');
      expect(starts(step, 'fetch')).toHaveLength(entered ? 1 : 0);
    },
    'reloading keeps the last value on screen': (step) => {
      if (step.event.type === 'loader.reload' && step.before)
        expect(step.after.context.data).toBe(step.before.context.data);
    },
    'a successful load shows what it brought': (step) => {
      if (step.event.type === 'xstate.done.actor.fetch' && step.before?.matches('loading'))
        expect(step.after.context.data).toEqual(counts);
    },
  },
});

describe('loader machine', () => {
  it('reloads when its changes effect says the value changed, even mid-load', () => {
    const asked: number[] = [];
    let change: () => void = () => {};
    const live = loaderMachine.provide({
      actors: {
        fetch: fromPromise(async () => {
          asked.push(asked.length + 1);
          return new Promise(() => {});
        }),
        changes: fromCallback(({ sendBack }) => {
          change = () => sendBack({ type: 'loader.reload' });
        }),
      },
    });
    const actor = createActor(live).start();
    expect(asked).toEqual([1]);
    change();
    expect(asked).toEqual([1, 2]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.stop();
  });

  it('keeps the last data while reloading and clears the error on success', () => {
    const actor = replay(machine, undefined, [
      { type: 'xstate.error.actor.fetch', error: { code: 'network' } },
      { type: 'loader.reload' },
      { type: 'xstate.done.actor.fetch', output: 42 },
    ] as unknown as LoaderEvent[]);
    expect(actor.getSnapshot().context).toEqual({ data: 42, error: null });
  });
});
