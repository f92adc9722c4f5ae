import { mayCall } from './call';
import type { LicensedFeatures } from './entities/server-settings';
import type { EntityContract } from './entity';
import { CALLS, type CallKey } from './http';

/**
 * An entity's standard calls by what they do, read back from CALLS (where
 * `entityCalls` put them): the console's entity client sends them and its
 * buttons are gated by them, so neither repeats the permissions of 6.2.
 */

/** What can be done with an entity's records; each is one declared call. */
export type EntityAction = 'view' | 'create' | 'edit' | 'delete' | 'export';

/** The keys of an entity's standard calls, typed from its path (src/contract/entity.ts lists the routes). */
export function entityCallKeys<const P extends string>(entity: { path: P }) {
  const { path } = entity;
  return {
    list: `GET ${path}/items`,
    get: `GET ${path}/{id}`,
    create: `PUT ${path}`,
    patch: `PATCH ${path}/{id}`,
    remove: `DELETE ${path}/{id}`,
    deleteAll: `POST ${path}/delete-all`,
    export: `GET ${path}/export`,
  } as const;
}

/** The call each action of {@link EntityAction} stands for (delete: the one-row delete; delete-all has the same access). */
const ACTION_CALL = {
  view: 'list',
  create: 'create',
  edit: 'patch',
  delete: 'remove',
  export: 'export',
} as const satisfies Record<EntityAction, keyof ReturnType<typeof entityCallKeys>>;

/**
 * `unknown` for an entity whose list call is declared, `never` otherwise: a
 * console kit takes `E & ListDeclared<E>`, so an entity whose calls are not
 * in CALLS is a type error (and `declaredEntityCalls` a start-up error).
 */
export type ListDeclared<E extends { path: string }> = `GET ${E['path']}/items` extends CallKey ? unknown : never;

/** Whether a string names a declared call (keys built at run time are checked with it). */
export function isCallKey(key: string): key is CallKey {
  return Object.hasOwn(CALLS, key);
}

/** The declared key of a call, or null when CALLS has none of that name. */
function declared(key: string): CallKey | null {
  return isCallKey(key) ? key : null;
}

/** An entity's standard calls as CALLS declares them (null: not declared, the entity cannot do that). */
export type EntityCalls = Record<keyof ReturnType<typeof entityCallKeys>, CallKey | null>;

/**
 * The declared calls of an entity. It throws when a call its contract implies
 * (its list; an item read unless list-only; create, edit, delete when its
 * access names them; export when exportable) is missing from CALLS: an area
 * that registers an entity without spreading `entityCalls(...)` into its call
 * table fails when the console starts, not with a 404 later.
 */
export function declaredEntityCalls(entity: EntityContract): EntityCalls {
  const keys = entityCallKeys(entity);
  const implied: Record<keyof typeof keys, boolean> = {
    list: true,
    get: !entity.listOnly,
    create: entity.access.create !== undefined,
    patch: entity.access.edit !== undefined,
    remove: entity.access.delete !== undefined,
    deleteAll: entity.access.delete !== undefined,
    export: entity.exportable === true,
  };
  const found = {} as EntityCalls;
  for (const name of Object.keys(keys) as (keyof typeof keys)[]) {
    const key = declared(keys[name]);
    if (implied[name] && key === null) {
      throw new Error(`entity '${entity.name}': the call '${keys[name]}' is not declared in src/contract/calls`);
    }
    found[name] = key;
  }
  return found;
}

/** What a caller may do with an entity's records: one flag per action, each read from its call's declaration. */
export type EntityPermissions = Record<EntityAction, boolean>;

/**
 * The actions of an entity a caller may take (6.1 gating of buttons and
 * Approve), by `mayCall` on each call's declaration. An action whose call is
 * not declared is never allowed.
 */
export function entityPermissions(
  entity: EntityContract,
  granted: readonly string[] | undefined,
  features: LicensedFeatures | null,
): EntityPermissions {
  const keys = entityCallKeys(entity);
  const allowed = (action: EntityAction) => {
    const key = declared(keys[ACTION_CALL[action]]);
    return key !== null && mayCall(CALLS[key], granted, features);
  };
  return {
    view: allowed('view'),
    create: allowed('create'),
    edit: allowed('edit'),
    delete: allowed('delete'),
    export: allowed('export'),
  };
}
