import { fromPromise } from 'xstate';
import type { EntityContract } from '../contract/entity';
import type { ListDeclared } from '../contract/entity-access';
import type { ListRow } from '../machines/entity-list/entity-list.machine';
import { type LoaderMachine, loaderMachine } from '../machines/loader/loader.machine';
import { createEntityClient } from './entity-client';
import {
  createEntityMachines,
  type EntityMachineOptions,
  type EntityMachines,
  type ShowAlert,
} from './entity-machines';
import type { Http } from './http';

/** A resource's machines plus the loader of names for ids (relation filters restored from a URL). */
export interface EntityKit extends EntityMachines {
  labels: (ids: number[]) => LoaderMachine;
}

/**
 * Makes the kit of an entity whose calls CALLS declares: a contract whose list
 * call is not declared is a type error, and one missing any call its access
 * implies throws when the areas are composed (src/contract/entity-access.ts).
 */
export type KitFactory = <E extends EntityContract>(
  contract: E & ListDeclared<E>,
  options?: EntityMachineOptions<E>,
) => EntityKit;

/** The kit factory areas register their entities with. */
export function createKitFactory(http: Http, showAlert: ShowAlert): KitFactory {
  const machinesOf = createEntityMachines(http, showAlert);
  return (contract, options) => {
    const client = createEntityClient(http, contract);
    return {
      ...machinesOf(contract, options),
      labels: (ids) =>
        loaderMachine.provide({
          actors: {
            // A name that cannot be read (deleted, out of scope) still shows as its id.
            fetch: fromPromise<unknown>(() =>
              Promise.all(
                ids.map((id) =>
                  client.get(id).then(
                    (item): unknown => item,
                    (): ListRow => ({ id, name: `#${id}` }),
                  ),
                ),
              ),
            ),
          },
        }),
    };
  };
}
