import { type CallDeclaration, splitCallKey } from './call';
import { CALLS, type CallKey } from './http';

/**
 * What the audit trail records for a call (docs/decisions.md, Audit), read from its declaration:
 * every authenticated call that is not a GET is recorded unless it says `audit: false`. The
 * entity is the object an `{id}` names, else the entity whose path starts the call's path
 * (`PUT /users` → users, `POST /devices/tasks/restart` → device_tasks), else the path's first
 * word; the action is create / update / delete for an entity's own PUT, PATCH and DELETE, else
 * the path's words after the entity's path (`POST /users/{id}/password` → password,
 * `POST /users/delete-all` → delete_all). A declaration may name either. Pure: the server
 * plans each call at registration, the console lists the entities and actions to filter by.
 */
export interface AuditPlan {
  entity: string;
  action: string;
  /** `domain`: the domain writes its own events (in the act's transaction); the plumbing adds none. */
  recordedBy: 'plumbing' | 'domain';
}

/**
 * Entity path → entity name, from the calls that read, change or delete one object
 * (`GET /users/{id}` → /users: users); a POST on an object (`POST /devices/init/{id}`) says
 * nothing about where its entity lives.
 */
const ENTITY_PATHS: ReadonlyMap<string, string> = (() => {
  const paths = new Map<string, string>();
  for (const [key, declaration] of Object.entries(CALLS) as [CallKey, CallDeclaration][]) {
    const entity = declaration.object?.entity;
    const { method, path } = splitCallKey(key);
    if (!entity || method === 'POST' || method === 'PUT' || !path.endsWith('/{id}')) continue;
    const base = path.slice(0, -'/{id}'.length);
    if (!paths.has(base)) paths.set(base, entity);
  }
  return paths;
})();

const words = (path: string) =>
  path
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('{'))
    .map((part) => part.replaceAll('-', '_').replaceAll('.', '_'))
    .join('_');

/** The entity a path belongs to and the path's rest after it. */
function entityOfPath(path: string): { entity: string; rest: string } {
  let best: string | null = null;
  for (const prefix of ENTITY_PATHS.keys()) {
    if ((path === prefix || path.startsWith(`${prefix}/`)) && (best === null || prefix.length > best.length)) {
      best = prefix;
    }
  }
  if (best !== null) return { entity: ENTITY_PATHS.get(best) as string, rest: path.slice(best.length) };
  const first = path.split('/')[1] ?? '';
  return { entity: words(first) || 'system', rest: path.slice(first.length + 1) };
}

function actionOf(method: string, rest: string): string {
  const said = words(rest);
  if (said === '') {
    if (method === 'PUT') return 'create';
    if (method === 'PATCH') return 'update';
    if (method === 'DELETE') return 'delete';
    return method.toLowerCase();
  }
  if (method === 'DELETE' && !said.startsWith('delete')) return `delete_${said}`;
  if (method === 'PATCH') return `update_${said}`;
  return said;
}

/** The audit plan of a call, or null when it leaves no event (reads, public calls, `audit: false`). */
export function auditPlanOf(key: string, declaration: CallDeclaration): AuditPlan | null {
  const { method, path } = splitCallKey(key);
  const declared = declaration.audit;
  if (declared === false || method === 'GET' || declaration.socket) return null;
  const { kind } = declaration.access;
  if ((kind === 'public' || kind === 'optional') && declared === undefined) return null;
  const found = entityOfPath(path);
  return {
    entity: declared?.entity ?? declaration.object?.entity ?? found.entity,
    action: declared?.action ?? actionOf(method, found.rest),
    recordedBy: declared?.recordedBy ?? 'plumbing',
  };
}

const PLANS = (Object.entries(CALLS) as [CallKey, CallDeclaration][])
  .map(([key, declaration]) => auditPlanOf(key, declaration))
  .filter((plan): plan is AuditPlan => plan !== null);

/** The entities the audit trail may name (the list's entity filter). */
export const AUDITED_ENTITIES: readonly string[] = [...new Set(PLANS.map((p) => p.entity))].sort();
/** The actions the audit trail may name (the list's action filter). */
export const AUDITED_ACTIONS: readonly string[] = [...new Set(PLANS.map((p) => p.action))].sort();
