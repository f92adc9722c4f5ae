import type { CallHistoryItem } from '../../contract/entities/call-history';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';

const party = (number: string, name: string | null, user: { id: number; name: string } | null = null) => ({
  number,
  name,
  user,
});

export const sampleCalls: CallHistoryItem[] = [
  {
    id: 4,
    speech_id: 'c0a8-0004',
    from: party('100200', 'Entrance panel'),
    to: party('100100', 'Building A reception'),
    answered_by: '100003',
    status: 'answered',
    type: 'awaiting',
    is_sos: true,
    duration: 18,
    started_at: '2026-03-02T11:00:00.000Z',
    answered_at: '2026-03-02T11:00:05.000Z',
    ended_at: '2026-03-02T11:00:23.000Z',
    created_at: '2026-03-02T11:00:00.000Z',
  },
  {
    id: 3,
    speech_id: 'c0a8-0003',
    from: party('100003', 'Cole Concierge', { id: 3, name: 'Cole Concierge' }),
    to: party('100011', 'Rita Resident', { id: 4, name: 'Rita Resident' }),
    answered_by: null,
    status: 'noanswer',
    type: 'normal',
    is_sos: false,
    duration: 0,
    started_at: '2026-03-02T10:05:00.000Z',
    answered_at: null,
    ended_at: '2026-03-02T10:06:00.000Z',
    created_at: '2026-03-02T10:05:00.000Z',
  },
  {
    id: 2,
    speech_id: 'c0a8-0002',
    from: party('100011', 'Rita Resident', { id: 4, name: 'Rita Resident' }),
    to: party('100002', 'Cora Concierge', { id: 2, name: 'Cora Concierge' }),
    answered_by: '100002',
    status: 'answered',
    type: 'normal',
    is_sos: false,
    duration: 3725,
    started_at: '2026-03-02T09:30:00.000Z',
    answered_at: '2026-03-02T09:30:04.000Z',
    ended_at: '2026-03-02T10:32:09.000Z',
    created_at: '2026-03-02T09:30:00.000Z',
  },
];

/** Snapshots of the call history list (all calls, SOS only, loading, none) for stories and tests. */
export const callFixtures = {
  ready: entityListSnapshot(
    { browsing: 'ready' },
    { items: sampleCalls as unknown as ListRow[], total: 3, lastPage: 1, defaultSort: ['-started_at'] },
  ),
  sos: entityListSnapshot(
    { browsing: 'ready' },
    {
      items: sampleCalls.filter((c) => c.is_sos) as unknown as ListRow[],
      total: 1,
      lastPage: 1,
      defaultSort: ['-started_at'],
      baseFilters: [{ field: 'is_sos', rule: 'equals', value: true }],
    },
  ),
  loading: entityListSnapshot({ browsing: 'loading' }, { defaultSort: ['-started_at'] }),
  empty: entityListSnapshot(
    { browsing: 'ready' },
    {
      lastPage: 1,
      defaultSort: ['-started_at'],
      query: { ...defaultListState(), filters: [{ field: 'status', rule: 'equals', value: 'busy' }] },
    },
  ),
};
