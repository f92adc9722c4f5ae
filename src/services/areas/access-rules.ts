import { fromPromise } from 'xstate';
import { accessRulesEntity, availableAccessRulesEntity } from '../../contract/entities/access-rule';
import { elevatorAccessRulesEntity } from '../../contract/entities/elevator-access-rule';
import { LIST_MAX_PAGE_SIZE, type ListQueryInput } from '../../contract/filters';
import type { ListPageAnswer } from '../../machines/entity-list/entity-list.machine';
import { createEntityClient } from '../entity-client';
import { defineArea } from './area';

/**
 * Access rules (7.5) and elevator access rules (7.4). The available-access-rules picker has no
 * load more (2.5): it asks for the most rows one page may hold, so every rule comes at once.
 */
export const accessRulesArea = defineArea('accessRules', ({ http, kit }) => {
  const available = kit(availableAccessRulesEntity);
  const client = createEntityClient(http, availableAccessRulesEntity);
  return {
    entities: {
      accessRules: kit(accessRulesEntity),
      availableAccessRules: {
        ...available,
        picker: available.picker.provide({
          actors: {
            fetchOptions: fromPromise<ListPageAnswer, ListQueryInput>(
              async ({ input }) =>
                (await client.list({ ...input, page: 1, size: LIST_MAX_PAGE_SIZE })) as ListPageAnswer,
            ),
          },
        }),
      },
      elevatorAccessRules: kit(elevatorAccessRulesEntity),
    },
    machines: {},
  };
});
