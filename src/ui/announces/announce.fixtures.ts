import type { Announce, AnnounceResponse } from '../../contract/entities/announce';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { announceForm } from './announce-form';

const admin = { id: 1, name: 'Administrator' };

export const sampleAnnounces: Announce[] = [
  {
    id: 3,
    name: 'Hall paint',
    description: null,
    subject: 'Which colour for the entrance hall?',
    type: 'poll',
    status: 'started',
    type_info: {
      questions: ['Sand', 'Sage green', 'Warm white'],
      poll_multi_answers_allowed: false,
      poll_user_answer_allowed: true,
    },
    send_via: 'email',
    body: 'The entrance hall will be repainted in April. Tell us which colour you prefer.',
    use_owner_info: true,
    users: [],
    domains: [{ id: 2, name: 'Building A' }],
    execute_at: null,
    started_at: '2026-03-01T08:00:00.000Z',
    stopped_at: null,
    recipients_count: 42,
    responses_count: 17,
    token: null,
    created_by: admin,
    created_at: '2026-02-28T15:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
  },
  {
    id: 4,
    name: 'Water',
    description: 'Maintenance of the riser',
    subject: 'Water off on Monday',
    type: 'info',
    status: 'new',
    type_info: { questions: [], poll_multi_answers_allowed: false, poll_user_answer_allowed: false },
    send_via: 'push',
    body: 'The water supply is off on Monday from 9:00 to 12:00.',
    use_owner_info: false,
    users: [{ id: 4, name: 'Rita Resident' }],
    domains: [{ id: 3, name: 'Unit 101' }],
    execute_at: '2026-03-09T06:00:00.000Z',
    started_at: null,
    stopped_at: null,
    recipients_count: 0,
    responses_count: 0,
    token: null,
    created_by: admin,
    created_at: '2026-03-02T10:00:00.000Z',
    updated_at: '2026-03-02T10:00:00.000Z',
  },
];

export const sampleResponses: AnnounceResponse[] = [
  {
    id: 11,
    announce: { id: 3, name: 'Hall paint' },
    user: { id: 4, name: 'Rita Resident', email: 'resident@example.com' },
    answers: [1],
    answer_texts: ['Sage green'],
    custom_answer: 'A lighter shade, please',
    answered_at: '2026-03-01T10:00:00.000Z',
  },
];

const rows = sampleAnnounces as unknown as ListRow[];
const [poll, scheduled] = sampleAnnounces as [Announce, Announce];

/** Snapshots of the announces list, the form and the responses list. */
export const announceFixtures = {
  list: {
    ready: entityListSnapshot({ browsing: 'ready' }, { items: rows, total: rows.length, lastPage: 1 }),
    empty: entityListSnapshot({ browsing: 'ready' }, { items: [], total: 0, lastPage: 1 }),
  },
  form: {
    creating: entityFormSnapshot(announceForm, 'editing'),
    pollWithErrors: entityFormSnapshot(announceForm, 'editing', {
      values: { name: 'Hall paint', subject: 'Colour?', body: 'Tell us.', type: 'poll', questions: [] },
      errors: { users: { code: 'recipients_required' }, questions: { code: 'poll_answer_required' } },
    }),
    scheduled: entityFormSnapshot(announceForm, 'editing', { item: scheduled }),
    started: entityFormSnapshot(announceForm, 'editing', { item: poll, readOnly: true }),
  },
  responses: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleResponses as unknown as ListRow[], total: 1, lastPage: 1 },
    ),
  },
};
