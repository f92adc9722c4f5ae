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
import { calls, describeModel, pendingActor, replay, starts } from '../support/model-based';

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

const multiPoll: AnnounceByToken = {
  ...samplePoll,
  type_info: { ...samplePoll.type_info, poll_multi_answers_allowed: true },
};

const events = [
  opened(samplePoll),
  opened(multiPoll),
  opened(answeredPoll),
  opened(sampleInfo),
  opened({ ...samplePoll, status: 'stopped' }),
  { type: 'xstate.error.actor.load', error: { code: 'item not found', status: 404 } },
  { type: 'xstate.done.actor.submit', output: answeredPoll },
  { type: 'xstate.error.actor.submit', error: failure },
  { type: 'poll.retry' },
  { type: 'poll.toggle', index: 1 },
  { type: 'poll.toggle', index: 2 },
  { type: 'poll.customChanged', text: 'Something else' },
  { type: 'poll.customChanged', text: '   ' },
  { type: 'poll.submit' },
  { type: 'poll.change' },
] as unknown as PollAnswerEvent[];

const isRunningPoll = (a: AnnounceByToken | null | undefined) => a?.type === 'poll' && a.status === 'started';

describeModel('pollAnswer', {
  machine: stubbed().machine,
  events,
  input,
  serialize: (s) =>
    JSON.stringify([
      s.value,
      s.context.answers,
      s.context.customAnswer.trim() !== '',
      s.context.announce?.type_info.poll_multi_answers_allowed ?? null,
    ]),
  fixtures: pollAnswerFixtures,
  invariants: {
    'only a running poll is answered; anything else is only read': (s) => {
      if (s.matches('answering')) expect(isRunningPoll(s.context.announce)).toBe(true);
      if (s.matches('reading')) expect(isRunningPoll(s.context.announce)).toBe(false);
    },
    'one option at most unless several are allowed': (s) => {
      if (s.context.announce?.type_info.poll_multi_answers_allowed !== true)
        expect(s.context.answers.length).toBeLessThanOrEqual(1);
    },
    'an answered poll has the answer stored': (s) => {
      if (s.matches({ answering: 'answered' })) expect(s.context.announce?.response).toBeTruthy();
    },
  },
  rules: {
    'an answer is sent only for a running poll, with options of it or a custom answer (section 5)': (step) => {
      for (const sent of starts(step, 'submit') as PollAnswerRequest[]) {
        const poll = step.before?.context.announce;
        expect(isRunningPoll(poll)).toBe(true);
        expect(sent.token).toBe(input.token);
        expect(sent.answers.length > 0 || (sent.custom_answer ?? '').trim() !== '').toBe(true);
        for (const index of sent.answers) expect(poll?.type_info.questions[index]).toBeDefined();
        if (!poll?.type_info.poll_multi_answers_allowed) expect(sent.answers.length).toBeLessThanOrEqual(1);
      }
    },
    'a refused check says "check fields data" and sends nothing': (step) => {
      if (step.event.type !== 'poll.submit' || !step.after.matches({ answering: 'editing' })) return;
      expect(step.effects.started).toEqual([]);
      expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: 'common:form.checkFields' }]);
    },
    'a sent answer is kept and said; a refused one keeps what was chosen': (step) => {
      const sending = step.before?.matches({ answering: 'sending' });
      if (step.event.type === 'xstate.done.actor.submit' && sending)
        expect(calls(step, 'alert')).toEqual([{ kind: 'success', code: 'announces:poll.sent' }]);
      if (step.event.type === 'xstate.error.actor.submit' && sending) {
        expect(step.after.context.answers).toEqual(step.before?.context.answers);
        expect(calls(step, 'alert')).toEqual([{ kind: 'error', code: `errors.http.${failure.code}` }]);
      }
    },
    'reading sends nothing': (step) => {
      if (step.before?.matches('reading')) expect(step.effects.started).toEqual([]);
    },
  },
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
