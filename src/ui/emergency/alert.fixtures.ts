import type { EmergencyAlert } from '../../contract/entities/emergency-alert';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { alertForm } from './alert-form';

export const sampleAlerts: EmergencyAlert[] = [
  {
    id: 1,
    name: 'Fire evacuation',
    device_type: 'monitor',
    filename: '0123456789abcdef01234567.wav',
    file_url: null,
    playback_duration: 120,
    open_locks: true,
    domains: [{ id: 1, name: 'Riverside Residence' }],
    devices: [],
    status: 'started',
    started_at: '2026-03-02T11:00:00.000Z',
    stopped_at: null,
    created_by_user: { id: 1, name: 'Administrator' },
    created_at: '2026-02-20T09:00:00.000Z',
    updated_at: '2026-03-02T11:00:00.000Z',
  },
  {
    id: 2,
    name: 'Flood in the car park',
    device_type: 'panel',
    filename: null,
    file_url: null,
    playback_duration: 60,
    open_locks: false,
    domains: [{ id: 2, name: 'Building A' }],
    devices: [{ id: 5, name: 'Car park panel' }],
    status: 'new',
    started_at: null,
    stopped_at: null,
    created_by_user: { id: 1, name: 'Administrator' },
    created_at: '2026-02-21T09:00:00.000Z',
    updated_at: '2026-02-21T09:00:00.000Z',
  },
];

const [playing, idle] = sampleAlerts as [EmergencyAlert, EmergencyAlert];

/** Snapshots of the alerts list and form. */
export const alertFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleAlerts as unknown as ListRow[], total: sampleAlerts.length, lastPage: 1 },
    ),
  },
  form: {
    creating: entityFormSnapshot(alertForm, 'editing'),
    withErrors: entityFormSnapshot(alertForm, 'editing', {
      values: { name: '', audio: { kind: 'generate' } },
      errors: { name: { code: 'required' }, domains: { code: 'recipients_required' } },
    }),
    idle: entityFormSnapshot(alertForm, 'editing', { item: idle }),
    playing: entityFormSnapshot(alertForm, 'editing', { item: playing }),
  },
};
