import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { dialectOf } from '../../db/dialects';
import { VERSION } from '../../version';
import { registerCall } from '../plumbing/register-call';

/** GET /system/info (7.8): for holders of `system.view_info` only. */
export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerCall(app, 'GET /system/info', async () => ({
    data: {
      version: VERSION,
      node_version: process.version,
      database: dialectOf(ctx.db),
      started_at: ctx.startedAt.toISOString(),
      uptime_seconds: Math.floor((Date.now() - ctx.startedAt.getTime()) / 1000),
    },
  }));
}
