import { fromCallback, fromPromise } from 'xstate';
import {
  type GroupLicenceSettings,
  type LicenceSettings,
  licencesEntity,
  type REPORT_FORMATS,
} from '../../contract/entities/licence';
import { consistencyAlerts } from '../../machines/alerts/consistency-alert';
import type { SaveRequest, SaveResult } from '../../machines/entity-form/entity-form.machine';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { type LicenceAddRequest, licenceAddMachine } from '../../machines/licence-add/licence-add.machine';
import { type LoaderEvent, loaderMachine } from '../../machines/loader/loader.machine';
import type { CallFailure } from '../../machines/session/session.types';
import { createChangeSignal } from '../change-signal';
import { saveFile } from '../entity-download';
import { defineArea } from './area';

type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Not in section 9: how often the licence banner asks again while a console stays open (a day may turn). */
const WARNING_REFRESH_MS = 60 * 60 * 1000;

/**
 * Licences (7.8): the installed licences (list, item, delete), adding them from a file or the
 * licence server (the `licenceAdd` flow), the project's feature state and the warning banner,
 * the notices, a group's licence (its own form: consistency errors show for 30 s, 8.1), and
 * the two reports with their exports (5-minute timeout, 7.1). A change made here reloads every
 * view of licences at once, and the session's settings, so the menu follows the features.
 */
export const licencesArea = defineArea('licences', ({ http, showAlert, kit, app }) => {
  const changedHere = createChangeSignal();
  const reloadSession = () => app()?.system.get('session')?.send({ type: 'session.profileChanged' });
  const told = () => {
    changedHere.notify();
    reloadSession();
  };
  /** Sends `event` whenever licences change here (and, with `everyMs`, now and then). */
  const changes = <E extends { type: string }>(event: E, everyMs?: number) =>
    fromCallback<E>(({ sendBack }) => {
      const stop = changedHere.listen(() => sendBack(event));
      const timer = everyMs ? setInterval(() => sendBack(event), everyMs) : undefined;
      return () => {
        stop();
        if (timer) clearInterval(timer);
      };
    });
  const reloads = changes<LoaderEvent>({ type: 'loader.reload' });
  const loader = (fetch: () => Promise<unknown>, everyMs?: number) =>
    loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(fetch),
        changes: everyMs ? changes<LoaderEvent>({ type: 'loader.reload' }, everyMs) : reloads,
      },
    });

  const check = async (input: LicenceAddRequest) =>
    input.source === 'file'
      ? (await http.call('POST /licenses/file/check', { multipart: { fields: {}, files: { file: input.file! } } })).data
      : (await http.call('POST /licenses/cloud/check', { body: { key: input.key } })).data;
  const apply = async (input: LicenceAddRequest) =>
    input.source === 'file'
      ? (await http.call('POST /licenses/file', { multipart: { fields: {}, files: { file: input.file! } } })).data
      : (await http.call('POST /licenses/cloud', { body: { key: input.key } })).data;

  const report =
    (key: 'GET /reports/licenses/used/export' | 'GET /reports/licenses/period/export', name: string) =>
    (searchParams: Record<string, string | number>, format: ReportFormat) =>
      loaderMachine.provide({
        actors: {
          fetch: fromPromise<unknown>(async () => {
            const file = await http.callFile(key, { searchParams: { ...searchParams, format } });
            saveFile(file, `${name}.${format}`);
            return true;
          }),
        },
      });

  return {
    entities: {
      licences: kit(licencesEntity, {
        changes: changes({ type: 'list.refresh' }),
        deleteItems: async (client, selection) => {
          try {
            return await client.deleteAll(selection);
          } finally {
            told();
          }
        },
      }),
    },
    machines: {
      /** Adding licences from a file or the licence server (the page starts it with its source). */
      licenceAdd: licenceAddMachine.provide({
        actions: { alert: (_, params) => showAlert(params), added: told },
        actors: {
          check: fromPromise(({ input }) => check(input)),
          apply: fromPromise(({ input }) => apply(input)),
        },
      }),
      /** GET /licenses/features/state: the features, counts and warning the page's summary shows. */
      licenceState: loader(async () => (await http.call('GET /licenses/features/state')).data),
      /** GET /licenses/warning: the persistent banner (6.4), asked again hourly and after changes. */
      licenceWarning: loader(async () => (await http.call('GET /licenses/warning')).data, WARNING_REFRESH_MS),
      /** One licence for its dialog. */
      licenceItem: (id: number) => loader(async () => (await http.call('GET /licenses/{id}', { params: { id } })).data),
      /** The notices (GET and PATCH /licenses/settings). */
      licenceSettings: entityFormMachine.provide({
        actions: { alert: (_, params) => showAlert(params) },
        actors: {
          loadItem: fromPromise<unknown, number>(async () => (await http.call('GET /licenses/settings')).data),
          saveItem: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
            const answer = await http.call('PATCH /licenses/settings', { body: input.body as LicenceSettings });
            changedHere.notify();
            return { id: input.id ?? 1, item: answer.data };
          }),
        },
      }),
      /** A group's licence (GET and PATCH /domains/{id}/license); a consistency refusal shows each rule for 30 s. */
      groupLicence: entityFormMachine.provide({
        actions: { alert: (_, params) => showAlert(params) },
        actors: {
          loadItem: fromPromise<unknown, number>(
            async ({ input }) => (await http.call('GET /domains/{id}/license', { params: { id: input } })).data,
          ),
          saveItem: fromPromise<SaveResult, SaveRequest>(async ({ input }) => {
            const id = input.id ?? 0;
            try {
              const body = input.body as { licenseInfo: GroupLicenceSettings | null };
              const answer = await http.call('PATCH /domains/{id}/license', { params: { id }, body });
              changedHere.notify();
              return { id, item: answer.data };
            } catch (error) {
              for (const alert of consistencyAlerts((error as CallFailure).consistency)) showAlert(alert);
              throw error;
            }
          }),
        },
      }),
      /** Report: licences used, of a group and its children (default: the caller's top groups). */
      licencesUsed: (groupId: number | null) =>
        loader(
          async () =>
            (
              await http.call('GET /reports/licenses/used', {
                searchParams: groupId === null ? {} : { group_id: groupId },
              })
            ).data,
        ),
      /** Report: licences period, month by month (default: 6 months back to 12 ahead). */
      licencesPeriod: () => loader(async () => (await http.call('GET /reports/licenses/period')).data),
      licencesUsedExport: report('GET /reports/licenses/used/export', 'licences-used'),
      licencesPeriodExport: report('GET /reports/licenses/period/export', 'licences-period'),
    },
  };
});
