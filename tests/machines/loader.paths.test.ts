import { describe, expect, it } from 'vitest';
import { loaderFixtures } from '../../src/machines/loader/loader.fixtures';
import { type LoaderEvent, loaderMachine } from '../../src/machines/loader/loader.machine';
import { describeModel, pendingActor, replay } from '../support/model-based';

const fresh = () => loaderMachine.provide({ actors: { fetch: pendingActor() } });
const events = [
  { type: 'loader.reload' },
  { type: 'xstate.done.actor.fetch', output: { users: 3, projects: 1 } },
  { type: 'xstate.error.actor.fetch', error: { code: 'network' } },
] as unknown as LoaderEvent[];

describeModel('loader', {
  machine: fresh(),
  fresh,
  events,
  fixtures: loaderFixtures,
  invariant: (s) => {
    if (s.matches('failed')) expect(s.context.error).not.toBeNull();
    if (s.matches('loaded')) expect(s.context.data).not.toBeNull();
  },
});

describe('loader machine', () => {
  it('keeps the last data while reloading and clears the error on success', () => {
    const actor = replay(fresh(), undefined, [
      { type: 'xstate.error.actor.fetch', error: { code: 'network' } },
      { type: 'loader.reload' },
      { type: 'xstate.done.actor.fetch', output: 42 },
    ] as unknown as LoaderEvent[]);
    expect(actor.getSnapshot().context).toEqual({ data: 42, error: null });
  });
});
