import * as v from 'valibot';
import type { TIMEOUTS } from './constants';
import type { LicensedFeatures } from './entities/server-settings';
import { IdSchema } from './ids';
import type { Permission } from './permissions';

/**
 * The declaration of one HTTP call (7.1): who may make it, what it takes and
 * what it answers. The server registers every call from its declaration
 * (server/http/plumbing/register-call.ts) and the console sends it and gates
 * its menus, buttons and Approve from the same object.
 *
 * Secure by default: a declaration must say who may call. Authentication is
 * required unless `access` says `public` (or `optional`); a call open to every
 * member says why (`member`), every other call names the permissions of 6.2
 * that allow it. An `{id}` in the path names an object, and the declaration
 * says which entity it is and what the caller does to it, so the server checks
 * the object against the caller's scope before the handler runs.
 */

/** Anyone, logged in or not (login, registration, terms). */
export interface PublicAccess {
  kind: 'public';
}
/** Anyone; an authenticated caller is told more (server settings with licensed features). */
export interface OptionalAccess {
  kind: 'optional';
}
/** Any logged-in member of the project: the call reads or changes only the caller's own data. */
export interface MemberAccess {
  kind: 'member';
  /** Why no permission is needed (documentation that reviewers read; e.g. "the caller's own profile"). */
  because: string;
  /** Features that must be licensed (the softphone's calls need SIP). */
  licences?: readonly (keyof LicensedFeatures)[];
}
/** A logged-in member whose role holds any one of the permissions (6.1). */
export interface PermissionAccess {
  kind: 'permission';
  anyOf: readonly Permission[];
  /** Features that must be licensed as well (6.2: "needs SIP enabled", 6.4). */
  licences?: readonly (keyof LicensedFeatures)[];
}
export type Access = PublicAccess | OptionalAccess | MemberAccess | PermissionAccess;

export const PUBLIC: PublicAccess = { kind: 'public' };
export const OPTIONAL_AUTH: OptionalAccess = { kind: 'optional' };
export const member = (because: string, licences?: readonly (keyof LicensedFeatures)[]): MemberAccess =>
  licences ? { kind: 'member', because, licences } : { kind: 'member', because };
export function anyOf<const P extends readonly Permission[]>(
  permissions: P,
  licences?: readonly (keyof LicensedFeatures)[],
): PermissionAccess & { anyOf: P } {
  return licences ? { kind: 'permission', anyOf: permissions, licences } : { kind: 'permission', anyOf: permissions };
}

/** What the caller does to the object an `{id}` names: the server checks the matching scope. */
export type ObjectAction = 'view' | 'edit' | 'delete';
export interface ObjectRule {
  /** The entity the id names: the name of an object scope registered with registerObjectScope (server/http/plumbing/register-call.ts). */
  entity: string;
  action: ObjectAction;
}

/** Timeout classes of 7.1 and 9; `none` for identifier import. */
export type TimeoutClass = Exclude<keyof typeof TIMEOUTS, 'chunkLoad'> | 'none';

export interface CallDeclaration {
  access: Access;
  /** Path parameters: required when the path has `{…}` parts; a bad value means "no such object" (404). */
  params?: v.GenericSchema;
  /** The object an `{id}` names (required for every authenticated call with an `{id}`). */
  object?: ObjectRule;
  /** The parsed query string (400 `wrong parameters` when it does not match). */
  query?: v.GenericSchema;
  /** A JSON body (400 `invalid data sent` with field errors when it does not match). */
  body?: v.GenericSchema;
  /** A multipart body: its text fields (parsed with `fields`) and its files. */
  multipart?: MultipartDeclaration;
  /** The answer; for files (`file`), the schema of what the console receives. */
  response: v.GenericSchema;
  /** The answer is a file of this kind rather than JSON (`spreadsheet`: .xlsx or .csv, as asked; `pkpass`: an Apple Wallet pass; `document`: an uploaded document such as terms of use; `zip`, `text`: logs). */
  file?: 'xlsx' | 'spreadsheet' | 'html' | 'image' | 'audio' | 'pkpass' | 'document' | 'zip' | 'text';
  /** Timeout class of 7.1 (default 30 s). */
  timeout?: TimeoutClass;
  /** A websocket upgrade rather than a request with an answer (the realtime endpoint). */
  socket?: true;
  /**
   * What the call leaves in the audit trail (docs/decisions.md, Audit). Every authenticated
   * call that is not a GET is recorded by default, with the entity and action read from its
   * path; `false` for reads sent by POST and for noise (a notification marked read).
   */
  audit?: AuditDeclaration;
  /**
   * A static bearer token of the server's configuration that allows the call as well as the
   * declared permissions, for machines that hold no user session: `metrics` is METRICS_TOKEN
   * (Prometheus scraping GET /metrics). Unset on the server, only the permissions allow it.
   */
  serviceToken?: 'metrics';
}

/** How a call is audited, when the defaults read from its declaration do not fit. */
export type AuditDeclaration =
  | false
  | {
      /** The entity changed (default: the object an `{id}` names, else the entity whose path starts the call's). */
      entity?: string;
      /** The action recorded (default: create, update, delete, or the path's words after the entity's path). */
      action?: string;
      /** The domain writes its own events in the act's transaction (IP blocking): the plumbing adds none. */
      recordedBy?: 'domain';
    };

/** The parts of a multipart body: text fields and named files with their size limit. */
export interface MultipartDeclaration {
  /** Schema of the text parts (all strings on the wire: pipe them through a transform for numbers). */
  fields: v.GenericSchema;
  files: Record<string, { maxBytes: number; required: boolean }>;
}

/** Keeps the literal types of a table of declarations (`'METHOD /path'` → declaration). */
export function defineCalls<const T extends Record<string, CallDeclaration>>(calls: T): T {
  return calls;
}

/** Every success body is `{ data: ... }` (7.1). */
export const envelope = <T extends v.GenericSchema>(schema: T) => v.object({ data: schema });
export const OkSchema = envelope(v.literal(true));

/**
 * `{id}` of a path: a positive integer. Anything else names no object, and the
 * server answers 404 `item not found` rather than a validation error.
 */
export const IdParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), IdSchema),
});

/** The method and the path template of a call key. */
export function splitCallKey(key: string): { method: string; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space), path: key.slice(space + 1) };
}

/** Names of the `{…}` parts of a path template. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/** The permissions that allow a call, or null when no permission is needed (public, optional, member). */
export function permissionsOf(declaration: CallDeclaration): readonly Permission[] | null {
  return declaration.access.kind === 'permission' ? declaration.access.anyOf : null;
}

/** Whether a caller with these permissions and features may make the call (the console's gating; the server is the authority). */
export function mayCall(
  declaration: CallDeclaration,
  granted: readonly string[] | undefined,
  features?: LicensedFeatures | null,
): boolean {
  const { access } = declaration;
  if (access.kind === 'public' || access.kind === 'optional') return true;
  // Without `features` the licence is not checked here (the server checks it on every call).
  const licensed = features === undefined || (access.licences ?? []).every((f) => features?.[f] === true);
  if (access.kind === 'member') return licensed && granted !== undefined;
  return licensed && access.anyOf.some((p) => granted?.includes(p) ?? false);
}
