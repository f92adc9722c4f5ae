import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { CallDeclaration } from '../../src/contract/call';
import { CALLS, type CallKey } from '../../src/contract/http';
import type { AppContext } from '../context';
import type { Hub } from '../realtime/hub';
import { accessEventRoutes } from './access/events';
import { accessRoutes } from './access/routes';
import { timeRuleRoutes } from './access/time-rules';
import { accessMatrixRoutes } from './access-matrix/routes';
import { accessRuleRoutes } from './access-rules/routes';
import { amenityRoutes } from './amenities/routes';
import { auditRoutes } from './audit/routes';
import { backupRoutes } from './backups/routes';
import { communicationRoutes } from './communications/routes';
import { brokerRoutes } from './devices/broker';
import { deviceEventRoutes } from './devices/events';
import { deviceRoutes } from './devices/routes';
import { deviceSearchRoutes } from './devices/search';
import { deviceTaskRoutes } from './devices/tasks';
import { elevatorRoutes } from './elevators/routes';
import { groupRoutes } from './groups/routes';
import { guestAccessRoutes } from './guest-access/routes';
import { identifierRoutes } from './identifiers/routes';
import { ukey2Routes } from './identifiers/ukey2';
import { integrationRoutes } from './integrations/routes';
import { licenceRoutes } from './licences/routes';
import { mailTemplateRoutes } from './mail-templates/routes';
import { markerRoutes } from './markers/markers';
import { notificationRoutes } from './notifications/notifications';
import { installAuth } from './plumbing/auth-hook';
import { projectRoutes } from './project/routes';
import { roleRoutes } from './roles/roles';
import { securityRoutes } from './security/ip-blocking';
import { sessionAreaRoutes } from './session/routes';
import { MAX_COMMAND_BYTES } from './shell/realtime';
import { shellAreaRoutes } from './shell/routes';
import { systemRoutes } from './system/routes';
import { telephonyRoutes } from './telephony/routes';
import { userAreaRoutes } from './users/routes';

/** The areas, each registering its calls from the contract (adding an area adds a line here and files there). */
const AREAS = [
  sessionAreaRoutes,
  shellAreaRoutes,
  userAreaRoutes,
  roleRoutes,
  groupRoutes,
  markerRoutes,
  telephonyRoutes,
  deviceRoutes,
  deviceTaskRoutes,
  deviceSearchRoutes,
  brokerRoutes,
  deviceEventRoutes,
  communicationRoutes,
  notificationRoutes,
  securityRoutes,
  elevatorRoutes,
  accessRoutes,
  accessRuleRoutes,
  accessMatrixRoutes,
  timeRuleRoutes,
  identifierRoutes,
  amenityRoutes,
  accessEventRoutes,
  ukey2Routes,
  guestAccessRoutes,
  licenceRoutes,
  projectRoutes,
  mailTemplateRoutes,
  auditRoutes,
  systemRoutes,
  backupRoutes,
  integrationRoutes,
];

/**
 * Everything under /api/v0: the auth hook, then one plugin per area. No route
 * gets in except through registerCall / registerSocket (a route without a
 * contract declaration fails here at start-up), and the server does not start
 * while a declared call has no handler or a call names an object nobody scopes.
 */
export async function apiRoutes(app: FastifyInstance, { ctx, hub }: { ctx: AppContext; hub: Hub }) {
  app.decorate('objectScopes', new Map());
  app.decorate('registeredCalls', new Set<string>());
  app.addHook('onRoute', (route) => {
    if (!route.config?.call) throw new Error(`${route.method} ${route.url} is not registered from the contract`);
  });
  installAuth(app, ctx);
  // Multipart bodies are read by the declared calls only (plumbing/multipart.ts sets the limits per call);
  // a file over its limit arrives truncated and is refused by name, rather than as a stream error.
  await app.register(multipart, { limits: { files: 1, fileSize: 1 }, throwFileSizeLimit: false });
  await app.register(websocket, { options: { maxPayload: MAX_COMMAND_BYTES } });
  for (const area of AREAS) await app.register(area, { ctx, hub });
  checkComplete(app);
}

/** Every declared call has a handler, and every object a call names has a scope. */
function checkComplete(app: FastifyInstance): void {
  const keys = Object.keys(CALLS) as CallKey[];
  const missing = keys.filter((key) => !app.registeredCalls.has(key));
  if (missing.length > 0) throw new Error(`declared calls without a handler: ${missing.join(', ')}`);
  for (const key of keys) {
    const entity = (CALLS[key] as CallDeclaration).object?.entity;
    if (entity && !app.objectScopes.has(entity))
      throw new Error(`call ${key} names ${entity}, which has no object scope`);
  }
}
