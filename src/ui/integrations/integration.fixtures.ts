import type { Integration } from '../../contract/entities/integration';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { integrationForm } from './integration-form';

export const sampleIntegrations: Integration[] = [
  {
    id: 1,
    type: 'axxon',
    name: 'Riverside VMS',
    domain_id: null,
    domains: [],
    settings: {
      url: 'https://vms.riverside.example:8000/asip-api',
      user: 'gatehouse',
      password: null,
      has_password: true,
      certificate: {
        name: 'riverside-vms.pem',
        subject: 'CN=vms.riverside.example',
        valid_to: '2028-03-01T00:00:00.000Z',
        has_key: false,
      },
    },
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-02T09:00:00.000Z',
    created_by_user: null,
  },
  {
    id: 2,
    type: 'axxon',
    name: 'Building A cameras',
    domain_id: 2,
    domains: [{ id: 2, name: 'Building A' }],
    settings: { url: 'http://10.0.20.5', user: null, password: null, has_password: false, certificate: null },
    created_at: '2026-03-03T09:00:00.000Z',
    updated_at: '2026-03-03T09:00:00.000Z',
    created_by_user: null,
  },
];

/** Snapshots of the video platforms tab and the integration page, for stories and tests. */
export const integrationFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleIntegrations as unknown as ListRow[], total: 2, lastPage: 1, defaultSort: ['name'] },
    ),
  },
  form: {
    creating: entityFormSnapshot(integrationForm, 'editing'),
    editing: entityFormSnapshot(integrationForm, 'editing', { item: sampleIntegrations[0]! }),
    /** Another integration of the project names this server already (8.2). */
    urlTaken: entityFormSnapshot(integrationForm, 'editing', {
      values: { name: 'Second VMS', url: 'https://vms.riverside.example:8000/asip-api' },
      errors: { url: { code: 'not_unique' } },
      failure: { code: 'external video platform server url exists', status: 400 },
    }),
  },
};
