import { fromPromise } from 'xstate';
import { identifiersEntity } from '../../contract/entities/identifier';
import { identifierImportMachine } from '../../machines/identifier-import/identifier-import.machine';
import { defineArea } from './area';

/** Identifiers (7.5): the entity (list, form, picker) and the import flow (no timeout, 7.1). */
export const identifiersArea = defineArea('identifiers', ({ http, showAlert, kit }) => ({
  entities: {
    identifiers: kit(identifiersEntity),
  },
  machines: {
    identifierImport: identifierImportMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        check: fromPromise(async ({ input }) => {
          const answer = await http.call('POST /identifiers/import', { multipart: { fields: {}, files: { file: input.file } } });
          return answer.data;
        }),
        proceed: fromPromise(
          async ({ input }) => (await http.call('POST /identifiers/import/continue', { body: input })).data,
        ),
      },
    }),
  },
}));
