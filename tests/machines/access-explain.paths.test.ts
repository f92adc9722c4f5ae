import { describe, expect, it } from 'vitest';
import { accessExplainFixtures } from '../../src/machines/access-explain/access-explain.fixtures';
import {
  type AccessExplainEvent,
  accessExplainMachine,
  type ExplainQuery,
} from '../../src/machines/access-explain/access-explain.machine';
import {
  deniedAnswer,
  grantedAnswer,
  sampleCard,
  sampleDoor,
  sampleNight,
  sampleUser,
} from '../../src/machines/access-explain/access-explain.sample';
import { selectCanAsk, selectIsWhatIf } from '../../src/machines/access-explain/access-explain.selectors';
import { describeModel, pendingActor, replay, starts } from '../support/model-based';

const machine = accessExplainMachine.provide({ actors: { explain: pendingActor() } });

const otherDoor = { device_id: 14, device_name: 'Bike room' };
const refused = { code: 'invalid related entity sent', status: 400, entities: ['device_id'] };
const events = [
  { type: 'explain.subjectPicked', subject: sampleUser },
  { type: 'explain.subjectPicked', subject: sampleCard },
  { type: 'explain.subjectPicked', subject: null },
  { type: 'explain.doorPicked', door: otherDoor },
  { type: 'explain.doorPicked', door: null },
  { type: 'explain.lockChanged', lock: 2 },
  { type: 'explain.timeChanged', at: sampleNight },
  { type: 'explain.timeChanged', at: null },
  { type: 'explain.ask' },
  { type: 'explain.retry' },
  { type: 'explain.reset' },
  { type: 'xstate.done.actor.explain', output: grantedAnswer },
  { type: 'xstate.done.actor.explain', output: deniedAnswer },
  { type: 'xstate.error.actor.explain', error: refused },
] as unknown as AccessExplainEvent[];

/** What the view would have asked, by hand from the choice (not the machine's own queryOf). */
function expectedQuery(s: {
  context: {
    subject: { kind: string; id: number } | null;
    door: { device_id: number; lock: number } | null;
    at: string | null;
  };
}): ExplainQuery {
  const { subject, door, at } = s.context;
  const query: Record<string, unknown> = { device_id: door?.device_id, lock: door?.lock };
  if (subject?.kind === 'user') query.user_id = subject.id;
  if (subject?.kind === 'identifier') query.identifier_id = subject.id;
  if (at) query.at = at;
  return query as unknown as ExplainQuery;
}

// States differ by where they are, what is chosen and whether there is something to compare.
const serialize = (s: ReturnType<typeof machine.getInitialSnapshot>) =>
  JSON.stringify([
    s.value,
    s.context.subject?.kind ?? null,
    s.context.door !== null,
    s.context.at !== null,
    s.context.previous !== null,
  ]);

for (const [name, input] of [
  ['device page (door fixed)', { door: sampleDoor }],
  ['user page (user fixed)', { subject: sampleUser }],
] as const) {
  describe(name, () => {
    describeModel('accessExplain', {
      machine,
      input,
      events,
      serialize,
      fixtures: accessExplainFixtures,
      invariants: {
        'an answer is held exactly while answered': (s) => {
          expect(s.context.answer !== null).toBe(s.matches('answered'));
        },
        'a failure is held exactly while failed': (s) => {
          expect(s.context.failure !== null).toBe(s.matches('failed'));
        },
        'the question runs exactly while asking, and only for a complete choice': (s) => {
          expect(s.children.explain !== undefined).toBe(s.matches('asking'));
          if (s.matches('asking') || s.matches('answered') || s.matches('failed')) {
            expect(s.context.subject).not.toBeNull();
            expect(s.context.door).not.toBeNull();
          }
        },
        'a lock is a positive number whenever a door is chosen': (s) => {
          if (s.context.door) expect(s.context.door.lock).toBeGreaterThanOrEqual(1);
        },
        'Ask is offered only when it can be sent': (s) => {
          expect(selectCanAsk(s)).toBe(
            (s.matches('choosing') || s.matches('answered')) && s.context.subject !== null && s.context.door !== null,
          );
        },
        'a comparison exists only once something was answered': (s) => {
          if (s.context.previous !== null) expect(s.matches('choosing')).toBe(false);
          expect(selectIsWhatIf(s)).toBe(!s.matches('choosing'));
        },
      },
      rules: {
        'every question asks exactly what is chosen': (step) => {
          const asked = starts(step, 'explain');
          if (step.after.matches('asking') && asked.length > 0) expect(asked).toEqual([expectedQuery(step.after)]);
          if (!step.after.matches('asking')) expect(asked).toEqual([]);
        },
        'a change to a complete choice after an answer asks at once and keeps that answer to compare': (step) => {
          const before = step.before;
          if (!before?.matches('answered')) return;
          const changes = ['explain.lockChanged', 'explain.timeChanged', 'explain.ask'];
          const completes =
            changes.includes(step.event.type) ||
            (step.event.type === 'explain.subjectPicked' && (step.event as { subject: unknown }).subject !== null) ||
            (step.event.type === 'explain.doorPicked' && (step.event as { door: unknown }).door !== null);
          if (!completes) return;
          expect(step.after.matches('asking')).toBe(true);
          expect(starts(step, 'explain')).toHaveLength(1);
          expect(step.after.context.previous).toEqual(before.context.answer);
        },
        'a change while asking drops the running question and asks the new one': (step) => {
          const edits = ['explain.subjectPicked', 'explain.doorPicked', 'explain.lockChanged', 'explain.timeChanged'];
          if (!step.before?.matches('asking') || !step.after.matches('asking')) return;
          if (!edits.includes(step.event.type)) {
            // Anything else leaves the running question alone.
            expect(step.after.children.explain).toBe(step.before.children.explain);
            return;
          }
          // A new question (a new child), with the new choice.
          expect(step.after.children.explain).not.toBe(step.before.children.explain);
          expect(starts(step, 'explain')).toEqual([expectedQuery(step.after)]);
        },
        'an incomplete choice goes back to choosing, asks nothing and forgets the answers': (step) => {
          const cleared =
            (step.event.type === 'explain.subjectPicked' && (step.event as { subject: unknown }).subject === null) ||
            (step.event.type === 'explain.doorPicked' && (step.event as { door: unknown }).door === null);
          if (!cleared || !step.before || step.before.matches('choosing')) return;
          expect(step.after.matches('choosing')).toBe(true);
          expect(step.after.context).toMatchObject({ answer: null, previous: null, failure: null });
        },
        'another device starts on its first lock; a lock change keeps the device': (step) => {
          if (step.event.type === 'explain.doorPicked') {
            const door = (step.event as { door: { device_id: number } | null }).door;
            const sameDevice = door !== null && step.before?.context.door?.device_id === door.device_id;
            if (door && !sameDevice) expect(step.after.context.door?.lock).toBe(1);
          }
          if (step.event.type === 'explain.lockChanged' && step.before?.context.door) {
            expect(step.after.context.door?.device_id).toBe(step.before.context.door.device_id);
            expect(step.after.context.door?.lock).toBe(2);
          }
        },
      },
    });
  });
}

describe('access explain machine', () => {
  it('asks for the door of the page, then what-ifs another time and keeps the first answer', () => {
    const actor = replay(machine, { door: sampleDoor }, [{ type: 'explain.ask' }]);
    // No subject yet: nothing asked.
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    actor.send({ type: 'explain.subjectPicked', subject: sampleUser });
    actor.send({ type: 'explain.ask' });
    expect(actor.getSnapshot().children.explain?.getSnapshot().input).toEqual({ device_id: 12, lock: 1, user_id: 31 });
    actor.send({ type: 'xstate.done.actor.explain', output: grantedAnswer } as never);
    actor.send({ type: 'explain.timeChanged', at: sampleNight });
    expect(actor.getSnapshot().children.explain?.getSnapshot().input).toEqual({
      device_id: 12,
      lock: 1,
      user_id: 31,
      at: sampleNight,
    });
    actor.send({ type: 'xstate.done.actor.explain', output: deniedAnswer } as never);
    expect(actor.getSnapshot().context).toMatchObject({ answer: deniedAnswer, previous: grantedAnswer });
  });

  it('a refusal is shown; retry asks the same again; another identifier asks about it', () => {
    const actor = replay(machine, { subject: sampleUser }, [
      { type: 'explain.doorPicked', door: otherDoor },
      { type: 'explain.lockChanged', lock: 3 },
      { type: 'explain.ask' },
    ]);
    actor.send({ type: 'xstate.error.actor.explain', error: refused } as never);
    expect(actor.getSnapshot().context.failure).toEqual(refused);
    actor.send({ type: 'explain.retry' });
    expect(actor.getSnapshot().children.explain?.getSnapshot().input).toEqual({ device_id: 14, lock: 3, user_id: 31 });
    actor.send({ type: 'explain.subjectPicked', subject: sampleCard });
    expect(actor.getSnapshot().children.explain?.getSnapshot().input).toEqual({
      device_id: 14,
      lock: 3,
      identifier_id: 77,
    });
  });
});
