import type { AuditEvent } from '../../contract/entities/audit-event';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { loaderMachine } from '../../machines/loader/loader.machine';

const admin = { id: 1, name: 'Alex Admin', login: 'admin' };

/** A few events of the trail: a renamed user, a device with a new password, a bulk delete, a worker stopped. */
export const sampleAuditEvents: AuditEvent[] = [
  {
    id: 42,
    created_at: '2026-03-02T09:15:00.000Z',
    user: admin,
    ip: '198.51.100.4',
    request_id: 'req-7f3a',
    call: 'PATCH /users/{id}',
    action: 'update',
    entity: 'users',
    entity_id: 11,
    entity_key: 'Rita Renamed',
    fields: ['name', 'email'],
    changes: [
      { field: 'name', before: 'Rita Resident', after: 'Rita Renamed' },
      { field: 'email', before: null, after: 'rita@example.org' },
    ],
    details: {},
  },
  {
    id: 41,
    created_at: '2026-03-02T09:10:00.000Z',
    user: admin,
    ip: '127.0.0.1',
    request_id: 'req-6e21',
    call: 'PATCH /devices/{id}',
    action: 'update',
    entity: 'devices',
    entity_id: 5,
    entity_key: 'Entrance panel',
    fields: ['password', 'device_settings.sip.talk_timeout'],
    changes: [
      { field: 'password', before: null, after: null, secret: true },
      { field: 'device_settings.sip.talk_timeout', before: 120, after: 90 },
    ],
    details: {},
  },
  {
    id: 40,
    created_at: '2026-03-02T08:55:00.000Z',
    user: admin,
    ip: '127.0.0.1',
    request_id: 'req-5d10',
    call: 'POST /markers/delete-all',
    action: 'delete_all',
    entity: 'markers',
    entity_id: 3,
    entity_key: 'Pet owner',
    fields: ['name', 'color'],
    changes: [
      { field: 'name', before: 'Pet owner', after: null },
      { field: 'color', before: '#22aa55', after: null },
    ],
    details: { answer: { deleted: 2 } },
  },
  {
    id: 39,
    created_at: '2026-03-02T08:40:00.000Z',
    user: null,
    ip: null,
    request_id: null,
    call: 'POST /system/workers/{name}/stop',
    action: 'stop',
    entity: 'workers',
    entity_id: null,
    entity_key: 'mail-sender',
    fields: [],
    changes: [],
    details: {},
  },
];

const rows = sampleAuditEvents.map(({ changes: _, details: __, ...row }) => row) as unknown as ListRow[];
const event = (value: 'loading' | 'loaded' | 'failed', data: AuditEvent | null) =>
  loaderMachine.resolveState({
    value,
    context: { data, error: value === 'failed' ? { code: 'item not found', status: 404 } : null },
  });

/** Snapshots of the audit events page (the list) and of its diff dialog (one event), for stories and tests. */
export const auditFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: rows, total: 4, lastPage: 1, defaultSort: ['-created_at'] },
    ),
    empty: entityListSnapshot(
      { browsing: 'ready' },
      { lastPage: 1, defaultSort: ['-created_at'], query: defaultListState() },
    ),
  },
  event: {
    loaded: event('loaded', sampleAuditEvents[0] ?? null),
    secret: event('loaded', sampleAuditEvents[1] ?? null),
    loading: event('loading', null),
    failed: event('failed', null),
  },
};
