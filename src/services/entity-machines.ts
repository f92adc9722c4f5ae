import { type AnyActorLogic, fromPromise } from 'xstate';
import type { EntityContract } from '../contract/entity';
import type { DeleteAll, ListQueryInput } from '../contract/filters';
import type { FormValues } from '../machines/entity-form/entity-form.definition';
import {
  type EntityFormMachine,
  entityFormMachine,
  type FillRequest,
  type SaveRequest,
  type SaveResult,
} from '../machines/entity-form/entity-form.machine';
import {
  type DeleteResult,
  type EntityListMachine,
  entityListMachine,
  type ListPageAnswer,
} from '../machines/entity-list/entity-list.machine';
import { type PickerMachine, pickerMachine } from '../machines/picker/picker.machine';
import { createEntityClient, type EntityClient } from './entity-client';
import { saveFile } from './entity-download';
import type { Http } from './http';

/** An alert as machines ask for it (the root actor's alerts show it). */
export type ShowAlert = (alert: {
  kind: 'error' | 'success';
  code: string;
  params?: Record<string, string | number>;
  /** How long it shows (default 3 s; licence consistency errors 30 s, 8.1). */
  timeoutMs?: number;
}) => void;

/** The three generic machines of one resource, with their real effects. */
export interface EntityMachines {
  list: EntityListMachine;
  form: EntityFormMachine;
  picker: PickerMachine;
}

export interface EntityMachineOptions<R extends EntityContract> {
  /** A resource whose delete-all answers more than `deleted` (roles: gently, dependencies). */
  deleteItems?: (client: EntityClient<R>, selection: DeleteAll) => Promise<DeleteResult>;
  /** A resource whose save is not the plain PUT / PATCH. */
  saveItem?: (client: EntityClient<R>, request: SaveRequest) => Promise<SaveResult>;
  /** Values the server suggests for a form (virtual numbers: a free number and a password); only the asked fields. */
  fillValues?: (request: FillRequest) => Promise<FormValues>;
  /** A resource whose changes the server pushes: the list refreshes on them (a callback sending `list.refresh`). */
  changes?: AnyActorLogic;
}

/**
 * The list, form and picker machines of a resource contract, with effects on
 * its typed client (src/services/entity-client.ts). Pages create actors from
 * these; a new entity needs no new effects unless its calls differ.
 */
export function createEntityMachines(http: Http, showAlert: ShowAlert) {
  return function entityMachines<R extends EntityContract>(
    contract: R,
    options: EntityMachineOptions<R> = {},
  ): EntityMachines {
    const client = createEntityClient(http, contract);
    const fetchPage = fromPromise<ListPageAnswer, ListQueryInput>(
      async ({ input }) => (await client.list(input)) as ListPageAnswer,
    );
    const alert = (_: unknown, params: Parameters<ShowAlert>[0]) => showAlert(params);
    return {
      list: entityListMachine.provide({
        actions: { alert },
        actors: {
          fetchPage,
          ...(options.changes ? { changes: options.changes } : {}),
          deleteItems: fromPromise<DeleteResult, DeleteAll>(({ input }) =>
            options.deleteItems ? options.deleteItems(client, input) : client.deleteAll(input),
          ),
          exportFile: fromPromise<void, ListQueryInput>(async ({ input }) => {
            saveFile(await client.exportFile(input), `${contract.name}.xlsx`);
          }),
        },
      }),
      form: entityFormMachine.provide({
        actions: { alert },
        actors: {
          loadItem: fromPromise<unknown, number>(({ input }) => client.get(input)),
          saveItem: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
            if (options.saveItem) return options.saveItem(client, input);
            if (input.id === null) return { id: await client.create(input.body as never), item: null };
            return { id: input.id, item: await client.patch(input.id, input.body as never) };
          }),
          fillValues: fromPromise<FormValues, FillRequest>(async ({ input }) => {
            if (!options.fillValues) throw { code: 'cannot perform action' };
            const suggested = await options.fillValues(input);
            return Object.fromEntries(Object.entries(suggested).filter(([field]) => input.fields.includes(field)));
          }),
        },
      }),
      picker: pickerMachine.provide({ actions: { alert }, actors: { fetchOptions: fetchPage } }),
    };
  };
}

/** A form machine whose save is one call (a command dialog: password change, avatar, apply markers). */
export function commandMachine(
  showAlert: ShowAlert,
  run: (request: SaveRequest) => Promise<SaveResult | undefined>,
): EntityFormMachine {
  return entityFormMachine.provide({
    actions: { alert: (_, params) => showAlert(params) },
    actors: {
      saveItem: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
        const result = await run(input);
        return result ?? { id: input.id ?? 0, item: null };
      }),
    },
  });
}
