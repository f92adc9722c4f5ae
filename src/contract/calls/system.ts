import * as v from 'valibot';
import { anyOf, defineCalls, envelope } from '../call';
import {
  LogFileSchema,
  LogParamsSchema,
  LogTailSchema,
  QueueClearedSchema,
  QueueClearSchema,
  QueueParamsSchema,
  QueueRetriedSchema,
  QueueSchema,
  RouteMetricsAnswerSchema,
  SystemInfoSchema,
  WorkerParamsSchema,
  WorkerSchema,
} from '../entities/system';

/**
 * System (7.8, 7.2 `/logs/download`): logs, workers, per-route metrics, Prometheus and the
 * queues of 2.5's queue management. 6.2 has only "view system info": it reads all of it;
 * acting on the server (workers, a metrics reset, retrying or clearing a queue) needs
 * "change project settings", as restarting the SIP server or the broker does
 * (docs/decisions.md, "System and metrics").
 */
const viewers = anyOf(['system.view_info']);
const operators = anyOf(['project.change_settings']);
const worker = (action: string) => ({
  params: WorkerParamsSchema,
  response: envelope(WorkerSchema),
  audit: { entity: 'workers', action },
});

export const SYSTEM_CALLS = defineCalls({
  'GET /system/info': { access: viewers, response: envelope(SystemInfoSchema) },
  'GET /system/logs/available': { access: viewers, response: envelope(v.array(LogFileSchema)) },
  'GET /system/logs/{log}/100': { access: viewers, params: LogParamsSchema, response: envelope(LogTailSchema) },
  'GET /logs/download': { access: viewers, file: 'zip', timeout: 'importExportBackup', response: v.blob() },
  'GET /system/workers': { access: viewers, response: envelope(v.array(WorkerSchema)) },
  'POST /system/workers/{name}/start': { access: operators, ...worker('start') },
  'POST /system/workers/{name}/stop': { access: operators, ...worker('stop') },
  'POST /system/workers/{name}/restart': { access: operators, ...worker('restart') },
  'GET /metrics/routes': { access: viewers, response: envelope(RouteMetricsAnswerSchema) },
  'POST /metrics/routes/reset': {
    access: operators,
    audit: { entity: 'metrics', action: 'reset' },
    response: envelope(RouteMetricsAnswerSchema),
  },
  // Prometheus text format; METRICS_TOKEN lets a scraper in without a user session.
  'GET /metrics': { access: viewers, serviceToken: 'metrics', file: 'text', response: v.string() },
  'GET /system/queues': { access: viewers, response: envelope(v.array(QueueSchema)) },
  'POST /system/queues/{queue}/retry': {
    access: operators,
    audit: { entity: 'queues', action: 'retry' },
    params: QueueParamsSchema,
    response: QueueRetriedSchema,
  },
  'POST /system/queues/{queue}/clear': {
    access: operators,
    audit: { entity: 'queues', action: 'clear' },
    params: QueueParamsSchema,
    body: QueueClearSchema,
    response: QueueClearedSchema,
  },
});
