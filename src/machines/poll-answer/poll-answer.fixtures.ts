import type { SnapshotFrom } from 'xstate';
import type { AnnounceByToken } from '../../contract/entities/announce';
import { type PollAnswerContext, type PollAnswerMachine, pollAnswerMachine } from './poll-answer.machine';

/** A running poll as the resident opens it. */
export const samplePoll: AnnounceByToken = {
  token: '5f2c7a9e0b1d4c3a8e6f7a9b0c1d2e3f',
  name: 'Hall paint',
  subject: 'Which colour for the entrance hall?',
  body: 'The entrance hall will be repainted in April. Tell us which colour you prefer.',
  type: 'poll',
  status: 'started',
  type_info: {
    questions: ['Sand', 'Sage green', 'Warm white'],
    poll_multi_answers_allowed: false,
    poll_user_answer_allowed: true,
  },
  owner: { name: 'Administrator', email: 'admin@example.com' },
  started_at: '2026-03-01T08:00:00.000Z',
  response: null,
};

export const sampleInfo: AnnounceByToken = {
  ...samplePoll,
  name: 'Water',
  subject: 'Water off on Monday',
  body: 'The water supply is off on Monday from 9:00 to 12:00 for maintenance.',
  type: 'info',
  type_info: { questions: [], poll_multi_answers_allowed: false, poll_user_answer_allowed: false },
  owner: null,
};

const base: PollAnswerContext = {
  token: samplePoll.token,
  announce: null,
  answers: [],
  customAnswer: '',
  errors: {},
  failure: null,
};
const answered = {
  ...samplePoll,
  response: { answers: [1], custom_answer: 'A lighter shade, please', answered_at: '2026-03-01T10:00:00.000Z' },
};

/** One named snapshot per state of the poll page. */
export const pollAnswerFixtures = {
  loading: pollAnswerMachine.resolveState({ value: 'loading', context: base }),
  failed: pollAnswerMachine.resolveState({
    value: 'failed',
    context: { ...base, failure: { code: 'item not found', status: 404 } },
  }),
  reading: pollAnswerMachine.resolveState({ value: 'reading', context: { ...base, announce: sampleInfo } }),
  editing: pollAnswerMachine.resolveState({
    value: { answering: 'editing' },
    context: { ...base, announce: samplePoll, answers: [2] },
  }),
  invalid: pollAnswerMachine.resolveState({
    value: { answering: 'editing' },
    context: { ...base, announce: samplePoll, errors: { answers: { code: 'poll_answer_required' } } },
  }),
  sending: pollAnswerMachine.resolveState({
    value: { answering: 'sending' },
    context: { ...base, announce: samplePoll, answers: [1], customAnswer: 'A lighter shade, please' },
  }),
  answered: pollAnswerMachine.resolveState({
    value: { answering: 'answered' },
    context: { ...base, announce: answered, answers: [1], customAnswer: 'A lighter shade, please' },
  }),
  closed: pollAnswerMachine.resolveState({
    value: 'reading',
    context: { ...base, announce: { ...answered, status: 'stopped' }, answers: [1] },
  }),
} satisfies Record<string, SnapshotFrom<PollAnswerMachine>>;
