import type { Marker } from '../../contract/entities/marker';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { defaultListState } from '../../machines/entity-list/entity-list.query';
import { markerForm } from './marker-form';

export const sampleMarkers: Marker[] = [
  { id: 1, name: 'VIP', color: '#d64545', description: 'Priority service', users_count: 3, created_by_user: null },
  { id: 2, name: 'Staff', color: '#3b6fb6', description: null, users_count: 12, created_by_user: null },
  {
    id: 3,
    name: 'Contractor',
    color: '#e3b23c',
    description: 'Temporary access',
    users_count: 0,
    created_by_user: null,
  },
];

const rows = sampleMarkers as unknown as ListRow[];

/** Snapshots of the markers page and dialog for stories and tests. */
export const markerFixtures = {
  list: {
    ready: entityListSnapshot({ browsing: 'ready' }, { items: rows, total: 3, lastPage: 1, defaultSort: ['name'] }),
    empty: entityListSnapshot({ browsing: 'ready' }, { lastPage: 1, query: defaultListState() }),
  },
  form: {
    creating: entityFormSnapshot(markerForm, 'editing'),
    editing: entityFormSnapshot(markerForm, 'editing', { item: sampleMarkers[0]! }),
    withErrors: entityFormSnapshot(markerForm, 'editing', {
      values: { name: '', color: 'red' },
      errors: { name: { code: 'required' }, color: { code: 'invalid' } },
    }),
  },
};
