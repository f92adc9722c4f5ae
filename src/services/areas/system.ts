import { type EventObject, fromCallback, fromPromise } from 'xstate';
import { auditEventsEntity } from '../../contract/entities/audit-event';
import { type LoaderMachine, loaderMachine } from '../../machines/loader/loader.machine';
import {
  type SystemAction,
  type SystemActionAnswer,
  type SystemActionMachine,
  systemActionMachine,
} from '../../machines/system-action/system-action.machine';
import { createChangeSignal } from '../change-signal';
import { saveFile } from '../entity-download';
import { defineArea } from './area';

/** The System page's machines and the audit event dialog's (7.8, 6.2 audit). */
export interface SystemMachines {
  /** GET /system/info. */
  systemInfo: LoaderMachine;
  /** GET /system/logs/available. */
  logFiles: LoaderMachine;
  /** The last 100 lines of one log file. */
  logTail: (name: string) => LoaderMachine;
  /** GET /logs/download, saved as a file (the loader's value is true once saved). */
  logsDownload: () => LoaderMachine;
  /** GET /system/workers, reloaded after an action here. */
  workers: LoaderMachine;
  /** GET /system/queues, reloaded after an action here. */
  queues: LoaderMachine;
  /** GET /metrics/routes, reloaded after a reset here. */
  routeMetrics: LoaderMachine;
  /** Workers start, stop, restart; a queue's retry or clear; the metrics reset, behind confirmations. */
  systemAction: SystemActionMachine;
  /** One audit event with its changes (the diff dialog). */
  auditEvent: (id: number) => LoaderMachine;
}

/**
 * Audit (6.2 "view audit") and System (7.8): the audit events list (kit), one event's diff, the
 * node's information, logs, workers, queues and web metrics. Actions taken here reload every
 * view they change at once (a change signal, as IP blocking's unbans).
 */
export const systemArea = defineArea('system', ({ http, showAlert, kit }) => {
  const changedHere = createChangeSignal();
  const changes = <E extends EventObject>(event: E) =>
    fromCallback<E>(({ sendBack }) => changedHere.listen(() => sendBack(event)));
  const load = (read: () => Promise<unknown>, live = false) =>
    loaderMachine.provide({
      actors: {
        fetch: fromPromise<unknown>(read),
        ...(live ? { changes: changes({ type: 'loader.reload' }) } : {}),
      },
    });

  const act = fromPromise<SystemActionAnswer, SystemAction>(async ({ input }) => {
    try {
      if (input.kind === 'worker') {
        const params = { name: input.name };
        if (input.verb === 'start') await http.call('POST /system/workers/{name}/start', { params });
        else if (input.verb === 'stop') await http.call('POST /system/workers/{name}/stop', { params });
        else await http.call('POST /system/workers/{name}/restart', { params });
        return { count: null };
      }
      if (input.kind === 'queue') {
        const params = { queue: input.queue };
        if (input.verb === 'retry') {
          return { count: (await http.call('POST /system/queues/{queue}/retry', { params })).data.retried };
        }
        const body = { status: input.status };
        return { count: (await http.call('POST /system/queues/{queue}/clear', { params, body })).data.cleared };
      }
      await http.call('POST /metrics/routes/reset');
      return { count: null };
    } finally {
      // A failure may still have changed something: every view reloads.
      changedHere.notify();
    }
  });

  const machines: SystemMachines = {
    systemInfo: load(async () => (await http.call('GET /system/info')).data),
    logFiles: load(async () => (await http.call('GET /system/logs/available')).data),
    logTail: (name) =>
      load(async () => (await http.call('GET /system/logs/{log}/100', { params: { log: name } })).data),
    logsDownload: () =>
      load(async () => {
        saveFile(await http.callFile('GET /logs/download'), 'gatehouse-logs.zip');
        return true;
      }),
    workers: load(async () => (await http.call('GET /system/workers')).data, true),
    queues: load(async () => (await http.call('GET /system/queues')).data, true),
    routeMetrics: load(async () => (await http.call('GET /metrics/routes')).data, true),
    systemAction: systemActionMachine.provide({
      actions: { alert: (_, params) => showAlert(params) },
      actors: { act },
    }),
    auditEvent: (id) => load(async () => (await http.call('GET /audit-events/{id}', { params: { id } })).data),
  };

  return { entities: { auditEvents: kit(auditEventsEntity) }, machines };
});
