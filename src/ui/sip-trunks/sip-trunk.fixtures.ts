import type { SipTrunk } from '../../contract/entities/sip-trunk';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { sipTrunkForm } from './sip-trunk-form';

export const sampleTrunks: SipTrunk[] = [
  {
    id: 1,
    name: 'City PSTN',
    outgoing_number: '+3716000000',
    termination_uri: 'sip:pstn.example.net:5060',
    login: 'riverside',
    has_password: true,
    domains: [{ id: 1, name: 'Riverside Residence' }],
    created_at: '2026-03-02T09:00:00.000Z',
    created_by_user: null,
  },
  {
    id: 2,
    name: 'Backup carrier',
    outgoing_number: '+3716000001',
    termination_uri: 'sips:gw.carrier.example;transport=tls',
    login: null,
    has_password: false,
    domains: [{ id: 2, name: 'Building A' }],
    created_at: '2026-03-03T09:00:00.000Z',
    created_by_user: null,
  },
];

/** Snapshots of the SIP trunks list and page for stories and tests. */
export const sipTrunkFixtures = {
  list: {
    ready: entityListSnapshot(
      { browsing: 'ready' },
      { items: sampleTrunks as unknown as ListRow[], total: 2, lastPage: 1, defaultSort: ['name'] },
    ),
  },
  form: {
    creating: entityFormSnapshot(sipTrunkForm, 'editing'),
    editing: entityFormSnapshot(sipTrunkForm, 'editing', { item: sampleTrunks[0]! }),
    /** The URI is this server's address, and the number has a space. */
    withErrors: entityFormSnapshot(sipTrunkForm, 'editing', {
      values: { name: 'Loop', outgoing_number: '+371 600', termination_uri: 'sip:127.0.0.1' },
      errors: { outgoing_number: { code: 'no_spaces' }, termination_uri: { code: 'server_address' } },
      failure: { code: 'sip trunk uri cannot match the server address', status: 400 },
    }),
  },
};
