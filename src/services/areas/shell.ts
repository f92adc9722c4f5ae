import { fromPromise } from 'xstate';
import type { HomeCounts } from '../../contract/entities/server-settings';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { defineArea } from './area';

/** The shell's own pages: the home dashboard's counts and the terms page. */
export const shellArea = defineArea('shell', ({ http }) => ({
  entities: {},
  machines: {
    homeCounts: loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(async (): Promise<HomeCounts> => (await http.call('GET /home/counts')).data),
      },
    }),
    /** The terms page for a locale (an HTML fragment). */
    terms: (locale: string) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(async () => {
            const file = await http.callFile('GET /terms/{locale}.html', { params: { locale } });
            return file.blob.text();
          }),
        },
      }),
  },
}));
