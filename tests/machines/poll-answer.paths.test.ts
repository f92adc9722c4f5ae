import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { AnnounceByToken } from '../../src/contract/entities/announce';
import { pollAnswerFixtures, sampleInfo, samplePoll } from '../../src/machines/poll-answer/poll-answer.fixtures';
import {
  type PollAnswerEvent,
  type PollAnswerRequest,
  pollAnswerMachine,
} from '../../src/machines/poll-answer/poll-answer.machine';
import {
  selectIsOptionChosen,
  selectIsPollAnswered,
  selectPollError,
} from '../../src/machines/poll-answer/poll-answer.selectors';
import { describeModel, pendingActor, replay } from '../support/model-based';

function stubbed() {
  const effects = { alert: vi.fn() };
  const machine = pollAnswerMachine.provide({
    actors: { load: pendingActor(), submit: pendingActor() },
    actions: { alert: (_, p) => effects.alert(p) },
  });
  return { machine, effects };
}

const failure = { code: 'cannot perform action', status: 400 };
const answeredPoll: AnnounceByToken = {
  ...samplePoll,
  response: { answers: [0], custom_answer: null, answered_at: '2026-03-01T10:00:00.000Z' },
};
const input = { token: samplePoll.token };
const opened = (announce: AnnounceByToken) =>
  ({ type: 'xstate.done.actor.load', output: announce }) as unknown as PollAnswerEvent;

const events = [
  opened(samplePoll),
  opened(answeredPoll),
  opened(sampleInfo),
  opened({ ...samplePoll, status: 'stopped' }),
  { type: 'xstate.error.actor.load', error: { code: 'item not found', status: 404 } },
  { type: 'xstate.done.actor.submit', output: answeredPoll },
  { type: 'xstate.error.actor.submit', error: failure },
  { type: 'poll.retry' },
  { type: 'poll.toggle', index: 1 },
  { type: 'poll.customChanged', text: 'Something else' },
  { type: 'poll.submit' },
  { type: 'poll.change' },
] as unknown as PollAnswerEvent[];

describeModel('pollAnswer', {
  machine: stubbed().machine,
  fresh: () => stubbed().machine,
  events,
  input,
  fixtures: pollAnswerFixtures,
});

describe('poll answer behaviour', () => {
  it('opens information and stopped polls for reading, a running poll for answering', () => {
    expect(replay(stubbed().machine, input, [opened(sampleInfo)]).getSnapshot().value).toBe('reading');
    expect(replay(stubbed().machine, input, [opened({ ...samplePoll, status: 'stopped' })]).getSnapshot().value).toBe(
      'reading',
    );
    expect(replay(stubbed().machine, input, [opened(samplePoll)]).getSnapshot().value).toEqual({
      answering: 'editing',
    });
    const back = replay(stubbed().machine, input, [opened(answeredPoll)]);
    expect(selectIsPollAnswered(back.getSnapshot())).toBe(true);
    expect(selectIsOptionChosen(0)(back.getSnapshot())).toBe(true);
  });

  it('one option replaces the other unless several are allowed', () => {
    const single = replay(stubbed().machine, input, [opened(samplePoll)]);
    single.send({ type: 'poll.toggle', index: 0 });
    single.send({ type: 'poll.toggle', index: 2 });
    expect(single.getSnapshot().context.answers).toEqual([2]);
    const multi = replay(stubbed().machine, input, [
      opened({ ...samplePoll, type_info: { ...samplePoll.type_info, poll_multi_answers_allowed: true } }),
    ]);
    multi.send({ type: 'poll.toggle', index: 2 });
    multi.send({ type: 'poll.toggle', index: 0 });
    multi.send({ type: 'poll.toggle', index: 2 });
    multi.send({ type: 'poll.toggle', index: 1 });
    expect(multi.getSnapshot().context.answers).toEqual([0, 1]);
  });

  it('needs answers or a custom response (section 5) before sending', () => {
    const sent: PollAnswerRequest[] = [];
    const { effects } = stubbed();
    const machine = pollAnswerMachine.provide({
      actions: { alert: (_, p) => effects.alert(p) },
      actors: {
        load: pendingActor(),
        submit: fromPromise(({ input: req }: { input: PollAnswerRequest }) => {
          sent.push(req);
          return new Promise<AnnounceByToken>(() => {});
        }),
      },
    });
    const actor = replay(machine, input, [opened(samplePoll)]);
    actor.send({ type: 'poll.customChanged', text: '   ' });
    actor.send({ type: 'poll.submit' });
    expect(sent).toEqual([]);
    expect(selectPollError('answers')(actor.getSnapshot())).toEqual({ code: 'poll_answer_required' });
    expect(effects.alert).toHaveBeenCalledWith({ kind: 'error', code: 'common:form.checkFields' });
    actor.send({ type: 'poll.customChanged', text: ' Dark blue ' });
    expect(selectPollError('answers')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'poll.submit' });
    expect(sent).toEqual([{ token: samplePoll.token, answers: [], custom_answer: 'Dark blue' }]);
  });

  it('puts server field errors on their inputs and keeps the answer', () => {
    const { machine, effects } = stubbed();
    const actor = replay(machine, input, [opened(samplePoll)]);
    actor.send({ type: 'poll.toggle', index: 1 });
    actor.send({ type: 'poll.submit' });
    actor.send({
      type: 'xstate.error.actor.submit',
      error: { code: 'invalid data sent', status: 400, fields: { custom_answer: { code: 'invalid' } } },
    } as unknown as PollAnswerEvent);
    expect(actor.getSnapshot().value).toEqual({ answering: 'editing' });
    expect(selectPollError('custom_answer')(actor.getSnapshot())).toEqual({ code: 'invalid' });
    expect(actor.getSnapshot().context.answers).toEqual([1]);
    expect(effects.alert).toHaveBeenLastCalledWith({ kind: 'error', code: 'errors.http.invalid data sent' });
  });
});
