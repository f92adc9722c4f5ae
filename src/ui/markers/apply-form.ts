import { MarkerApplySchema } from '../../contract/entities/marker';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

export interface ApplyValues extends Record<string, unknown> {
  markers: ListRow[];
  users: ListRow[];
  mode: 'add' | 'remove';
}

const ids = (rows: unknown) => (rows as ListRow[]).map((row) => row.id);

/** Applying markers to users (POST /markers/apply): the pickers hold rows, the call takes ids. */
export const applyMarkersForm: EntityFormDefinition<ApplyValues> = {
  empty: () => ({ markers: [], users: [], mode: 'add' }),
  fromItem: () => ({ markers: [], users: [], mode: 'add' }),
  kinds: { markers: 'raw', users: 'raw', mode: 'raw' },
  finish: (body) => ({ ...body, markers: ids(body.markers), users: ids(body.users) }),
  schemas: { create: MarkerApplySchema, patch: MarkerApplySchema },
  successCode: { create: 'markers:apply.done', patch: 'markers:apply.done' },
};
