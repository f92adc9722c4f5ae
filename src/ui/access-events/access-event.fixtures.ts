import type { AccessEvent } from '../../contract/entities/access-event';
import type { Ukey2 } from '../../contract/entities/ukey2';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { ukey2ViewForm } from '../ukey2/ukey2-form';

const mainDoor = { id: 12, name: 'Main door' };
const rita = { id: 31, name: 'Rita Resident' };

/** A morning at the main door: Rita's card, a stranger's, a plumber's guest QR, the revoked card tried again. */
export const sampleAccessEvents: AccessEvent[] = [
  {
    id: 104,
    occurred_at: '2026-11-25T09:12:00.000Z',
    received_at: '2026-11-25T09:12:01.000Z',
    device: mainDoor,
    lock: 1,
    floor: null,
    granted: false,
    reason: 'revoked',
    holder_type: 'owner',
    user: rita,
    identifier: { id: 77, type: 'card', value: '7340021', value_hex: '6FFFF5', name: 'Rita’s card', masked: false },
  },
  {
    id: 103,
    occurred_at: '2026-11-25T08:40:00.000Z',
    received_at: '2026-11-25T08:40:00.000Z',
    device: mainDoor,
    lock: 1,
    floor: null,
    granted: true,
    reason: 'granted',
    holder_type: 'guest',
    user: null,
    identifier: { id: 80, type: 'qr', value: 'GUEST-QR-1', value_hex: null, name: 'Plumber', masked: false },
  },
  {
    id: 102,
    occurred_at: '2026-11-25T08:05:00.000Z',
    received_at: '2026-11-25T08:05:02.000Z',
    device: { id: 14, name: 'Bike room' },
    lock: 2,
    floor: null,
    granted: false,
    reason: 'unknown_identifier',
    holder_type: null,
    user: null,
    identifier: { id: null, type: null, value: '9999001', value_hex: null, name: null, masked: false },
  },
  {
    id: 101,
    occurred_at: '2026-11-25T07:58:00.000Z',
    received_at: '2026-11-25T07:58:00.000Z',
    device: mainDoor,
    lock: 1,
    floor: null,
    granted: true,
    reason: 'granted',
    holder_type: 'owner',
    user: { id: 32, name: 'Sam Staff' },
    identifier: { id: null, type: 'card', value: '••••0042', value_hex: null, name: null, masked: true },
  },
];

export const sampleUkey2: Ukey2[] = [
  {
    id: 90,
    name: 'Rita’s phone',
    value: '15634981234567890123',
    value_hex: 'D8C4B7E1A0F3C2CB',
    owner: rita,
    mobile_client: { id: 5, platform: 'ios', info: 'iPhone 15, iOS 18.1' },
    is_active: true,
    revoked: false,
    revoked_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    created_by_user: { id: 1, name: 'Alex Admin' },
  },
  {
    id: 89,
    name: null,
    value: '4242424242',
    value_hex: 'FCE2CA72',
    owner: { id: 33, name: 'Cora Concierge' },
    mobile_client: null,
    is_active: true,
    revoked: true,
    revoked_at: '2026-11-22T18:30:00.000Z',
    created_at: '2026-11-01T09:00:00.000Z',
    created_by_user: { id: 1, name: 'Alex Admin' },
  },
];

const rows = (items: unknown[]) => items as ListRow[];

/** The ACS page and the UKEY2 pages in the states their stories show. */
export const accessEventFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: rows(sampleAccessEvents), total: 4, lastPage: 1, defaultSort: ['-occurred_at'] },
    ),
    denied: entityListSnapshot(
      { browsing: 'ready' },
      {
        items: rows(sampleAccessEvents.filter((e) => !e.granted)),
        total: 2,
        lastPage: 1,
        defaultSort: ['-occurred_at'],
        query: { ...defaultListState(), filters: [{ field: 'result', rule: 'equals', value: 'denied' }] },
      },
    ),
  },
  ukey2: {
    list: entityListSnapshot({ browsing: 'ready' }, { items: rows(sampleUkey2), total: 2, lastPage: 1 }),
    view: entityFormSnapshot(ukey2ViewForm, 'editing', {
      item: sampleUkey2[0] as Ukey2,
      mayEdit: false,
      readOnly: true,
    }),
    revoked: entityFormSnapshot(ukey2ViewForm, 'editing', {
      item: sampleUkey2[1] as Ukey2,
      mayEdit: false,
      readOnly: true,
    }),
  },
};
