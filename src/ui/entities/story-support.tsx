import { fromPromise } from 'xstate';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { pickerMachine } from '../../machines/picker/picker.machine';
import { freeze } from '../storybook/frozen-actors';
import type { PickerSpec } from './use-pickers';

/**
 * A picker spec for stories and tests: options come from `rows` (search
 * filters them by name), names of ids resolve from the same rows. No network.
 */
export function localPicker(rows: ListRow[], describe: PickerSpec['describe'], title = 'Choose'): PickerSpec {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    title,
    searchLabel: 'Search',
    describe,
    machine: pickerMachine.provide({
      actors: {
        fetchOptions: fromPromise(async ({ input }) => {
          const search = String(input.filters?.find((f) => f.field === 'search')?.value ?? '').toLowerCase();
          const data = rows.filter((row) => String(row.name).toLowerCase().includes(search));
          return { data, meta: { page: 1, size: 20, total: data.length } };
        }),
      },
    }),
    labels: (ids) =>
      loaderMachine.provide({
        actors: { fetch: fromPromise<unknown>(async () => ids.map((id) => byId.get(id) ?? { id, name: `#${id}` })) },
      }),
  };
}

/** A picker spec whose actors never answer (a frozen story). */
export function frozenPicker(describe: PickerSpec['describe']): PickerSpec {
  return {
    title: 'Choose',
    searchLabel: 'Search',
    describe,
    machine: freeze(pickerMachine),
    labels: () => freeze(loaderMachine),
  };
}
