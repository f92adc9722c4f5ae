import { fromPromise } from 'xstate';
import { accessMatrixMachine } from '../../machines/access-matrix/access-matrix.machine';
import { saveFile } from '../entity-download';
import { defineArea } from './area';

/** The access matrix (7.5): its pages (GET /access-matrix/items) and the download of a filter as .xlsx. */
export const accessMatrixArea = defineArea('accessMatrix', ({ http, showAlert }) => ({
  entities: {},
  machines: {
    accessMatrix: accessMatrixMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: {
        fetchPage: fromPromise(async ({ input }) =>
          http.call('GET /access-matrix/items', {
            searchParams: Object.fromEntries(Object.entries(input).map(([k, x]) => [k, String(x)])),
          }),
        ),
        downloadMatrix: fromPromise(async ({ input }) => {
          const file = await http.callFile('GET /access-matrix/download', {
            searchParams: Object.fromEntries(Object.entries(input).map(([k, x]) => [k, String(x)])),
          });
          saveFile(file, 'access-matrix.xlsx');
          return true;
        }),
      },
    }),
  },
}));
