import * as v from 'valibot';

/** GET /system/info answer (7.8, needs `system.view_info`): what an operator checks first. */
export const SystemInfoSchema = v.object({
  version: v.string(),
  node_version: v.string(),
  database: v.picklist(['sqlite', 'postgres']),
  started_at: v.string(),
  uptime_seconds: v.number(),
});
export type SystemInfo = v.InferOutput<typeof SystemInfoSchema>;
