import type { GuestKey } from '../../contract/entities/guest-key';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { sampleKey } from '../../machines/guest-key/guest-key.fixtures';

export const sampleKeys: GuestKey[] = [
  sampleKey,
  {
    ...sampleKey,
    id: 42,
    name: 'Cleaning on Friday',
    value: 'GK-1B7E00D4C2A9F35E81A0BEEF',
    key_uid: 'Q2xlYW5pbmctb24tZnJpZGF5',
    key_message: null,
    period_restrict: { active: true, from: '2026-04-24T06:00:00.000Z', to: '2026-04-24T10:00:00.000Z' },
    passes_restrict: { active: false, max_count: null, passes_count: 3 },
    status: 'expired',
  },
  {
    ...sampleKey,
    id: 43,
    name: 'Courier',
    value: 'GK-77AA01C3D5E7F9B2C4D6E8F0',
    key_uid: 'Q291cmllci1rZXktdGhyZWU',
    passes_restrict: { active: true, max_count: 2, passes_count: 2 },
    status: 'pass_limit',
  },
];

/** The /guest-access list over these keys. */
export const guestAccessFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleKeys as unknown as ListRow[], total: 3, lastPage: 1, defaultSort: ['-created_at'] },
    ),
  },
};
