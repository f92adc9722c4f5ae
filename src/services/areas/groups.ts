import { fromPromise } from 'xstate';
import { domainTypesEntity } from '../../contract/entities/domain-type';
import { groupsEntity } from '../../contract/entities/group';
import { generateGroupsMachine } from '../../machines/generate-groups/generate-groups.machine';
import { groupDeleteMachine } from '../../machines/group-delete/group-delete.machine';
import { groupTreeMachine, type ReloadAnswer } from '../../machines/group-tree/group-tree.machine';
import { narrow, type TreeNode } from '../../machines/group-tree/group-tree.model';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { structureImportMachine } from '../../machines/structure-import/structure-import.machine';
import { saveFile } from '../entity-download';
import { defineArea } from './area';

/**
 * Groups (7.3): the groups and group types, the generate-groups dialog, and
 * a group's structure import and export (dates in the caller's time zone),
 * and deleting one group with its subgroups.
 */
export const groupsArea = defineArea('groups', ({ http, showAlert, kit, session }) => {
  const alert = (_: unknown, params: Parameters<typeof showAlert>[0]) => showAlert(params);
  const tzOffset = () => session()?.getSnapshot().context.profile?.profile.time_zone ?? 0;
  /** One branch call (GET /domains/branch), as tree rows. */
  const branch = async (searchParams: { id?: number; search?: string; depth?: 'all' }): Promise<TreeNode[]> =>
    (await http.call('GET /domains/branch', { searchParams })).data.map(narrow);
  /** A group and its ancestors, top first, read up the parent links (a project's tree is a few levels deep). */
  const ancestry = async (id: number | null): Promise<number[]> => {
    const chain: number[] = [];
    for (let at = id; at !== null && chain.length < 16; ) {
      chain.unshift(at);
      // Above the caller's scope groups answer 404: the visible part of the path is enough.
      const item = await http.call('GET /domains/{id}', { params: { id: at } }).catch(() => null);
      at = item?.data.parent_id ?? null;
    }
    return chain;
  };
  return {
    entities: { domains: kit(groupsEntity), domainTypes: kit(domainTypesEntity) },
    machines: {
      groupTree: groupTreeMachine.provide({
        actions: { alert },
        actors: {
          loadTop: fromPromise(() => branch({})),
          loadChildren: fromPromise(({ input }) => branch({ id: input.id })),
          loadAll: fromPromise(() => branch({ depth: 'all' })),
          search: fromPromise(({ input }) => branch({ search: input.text })),
          reload: fromPromise(async ({ input: asked }): Promise<ReloadAnswer> => {
            const input = { ...asked, open: [...new Set([...asked.open, ...(await ancestry(asked.reveal))])] };
            const [top, kids, found] = await Promise.all([
              branch(input.whole ? { depth: 'all' } : {}),
              input.whole
                ? []
                : // A group deleted meanwhile answers 404: it is left out (and closes), the rest reloads.
                  Promise.all(
                    input.open.map((id) =>
                      branch({ id }).then(
                        (nodes) => [[id, nodes] as const],
                        (error: { status?: number }) => {
                          if (error.status === 404) return [];
                          throw error;
                        },
                      ),
                    ),
                  ).then((lists) => lists.flat()),
              input.search === null ? null : branch({ search: input.search }),
            ]);
            return { ...input, top, children: Object.fromEntries(kids), found };
          }),
        },
      }),
      /** One group's delete (the page provides `deleted`: it refreshes the tree). */
      groupDelete: groupDeleteMachine.provide({
        actions: { alert },
        actors: {
          // Groups are deleted through delete-all with ids only (the server takes the subtree with it).
          remove: fromPromise(
            async ({ input }) => (await http.call('POST /domains/delete-all', { body: { items: [input.id] } })).data,
          ),
        },
      }),
      structureImport: structureImportMachine.provide({
        actions: { alert },
        actors: {
          upload: fromPromise(async ({ input }) => {
            const answer = await http.call('POST /domains/{id}/import/structure', {
              params: { id: input.groupId },
              multipart: { fields: { role_id: input.roleId, tz_offset: tzOffset() }, files: { file: input.file } },
            });
            return answer.data;
          }),
        },
      }),
      /** Downloads a group's structure (.xlsx) when started. */
      structureExport: (groupId: number) =>
        loaderMachine.provide({
          actors: {
            fetch: fromPromise<unknown>(async () => {
              const file = await http.callFile('GET /domains/{id}/export/structure', {
                params: { id: groupId },
                searchParams: { tz_offset: tzOffset() },
              });
              saveFile(file, 'structure.xlsx');
              return true;
            }),
          },
        }),
      generateGroups: generateGroupsMachine.provide({
        actions: { alert },
        actors: {
          previewTree: fromPromise(
            async ({ input }) => (await http.call('POST /domains/generate/tree', { body: input })).data,
          ),
          saveTree: fromPromise(async ({ input }) => {
            const answer = await http.call('POST /domains/generate/save', {
              body: { parent_id: input.parent_id, items: input.items },
            });
            return { created: answer.data.created };
          }),
        },
      }),
    },
  };
});
