import { fromPromise } from 'xstate';
import type { IDENTIFIER_FILE_FORMATS } from '../../contract/entities/identifier';
import { identifiersEntity } from '../../contract/entities/identifier';
import { type ListQueryInput, listQueryToSearch } from '../../contract/filters';
import { identifierImportMachine } from '../../machines/identifier-import/identifier-import.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { saveFile } from '../entity-download';
import { commandMachine } from '../entity-machines';
import { defineArea } from './area';

type FileFormat = (typeof IDENTIFIER_FILE_FORMATS)[number];

/**
 * Identifiers (7.5): the entity (list, form, picker), revoke (a command), the QR image of one
 * (a loader answering an object URL for <img>), the export in the chosen format with the list's
 * query (a loader that saves the file), and the import flow (no timeout, 7.1).
 */
export const identifiersArea = defineArea('identifiers', ({ http, showAlert, kit }) => ({
  entities: {
    identifiers: kit(identifiersEntity),
  },
  machines: {
    identifierRevoke: commandMachine(showAlert, async ({ id }) => ({
      id: id ?? 0,
      item: (await http.call('POST /identifiers/{id}/revoke', { params: { id: id ?? 0 } })).data,
    })),
    identifierQr: (id: number) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(async () => {
            const file = await http.callFile('GET /identifiers/{id}/qr', { params: { id } });
            return URL.createObjectURL(file.blob);
          }),
        },
      }),
    identifierExport: (query: ListQueryInput, format: FileFormat) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(async () => {
            const { page: _p, size: _s, after: _a, ...search } = listQueryToSearch(query);
            const file = await http.callFile('GET /identifiers/export', { searchParams: { ...search, format } });
            saveFile(file, `identifiers.${format}`);
            return true;
          }),
        },
      }),
    identifierImport: identifierImportMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        check: fromPromise(async ({ input }) => {
          const answer = await http.call('POST /identifiers/import', {
            multipart: { fields: {}, files: { file: input.file } },
          });
          return answer.data;
        }),
        proceed: fromPromise(
          async ({ input }) => (await http.call('POST /identifiers/import/continue', { body: input })).data,
        ),
      },
    }),
  },
}));
