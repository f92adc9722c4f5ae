import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { domainTypeRoutes } from './domain-types';
import { groupListRoutes } from './group-lists';
import { groupWriteRoutes } from './group-writes';
import { groupTreeRoutes } from './groups';
import { structureRoutes } from './structure';

/** Groups (domains), their tree, structure import and export, and group types (7.3). */
export async function groupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  await app.register(groupListRoutes, { ctx });
  await app.register(groupWriteRoutes, { ctx });
  await app.register(groupTreeRoutes, { ctx });
  await app.register(structureRoutes, { ctx });
  await app.register(domainTypeRoutes, { ctx });
}
