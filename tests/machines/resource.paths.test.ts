import { describe, expect, it } from 'vitest';
import { resourceFixtures } from '../../src/machines/resource/resource.fixtures';
import { type ResourceEvent, resourceMachine } from '../../src/machines/resource/resource.machine';
import { describeModel, pendingActor, replay } from '../support/model-based';

const fresh = () => resourceMachine.provide({ actors: { fetch: pendingActor() } });
const events = [
  { type: 'resource.reload' },
  { type: 'xstate.done.actor.fetch', output: { users: 3, projects: 1 } },
  { type: 'xstate.error.actor.fetch', error: { code: 'network' } },
] as unknown as ResourceEvent[];

describeModel('resource', {
  machine: fresh(),
  fresh,
  events,
  fixtures: resourceFixtures,
  invariant: (s) => {
    if (s.matches('failed')) expect(s.context.error).not.toBeNull();
    if (s.matches('loaded')) expect(s.context.data).not.toBeNull();
  },
});

describe('resource machine', () => {
  it('keeps the last data while reloading and clears the error on success', () => {
    const actor = replay(fresh(), undefined, [
      { type: 'xstate.error.actor.fetch', error: { code: 'network' } },
      { type: 'resource.reload' },
      { type: 'xstate.done.actor.fetch', output: 42 },
    ] as unknown as ResourceEvent[]);
    expect(actor.getSnapshot().context).toEqual({ data: 42, error: null });
  });
});
