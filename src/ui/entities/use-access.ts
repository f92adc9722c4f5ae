import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { mayCall } from '../../contract/call';
import type { EntityContract } from '../../contract/entity';
import { type EntityPermissions, entityPermissions } from '../../contract/entity-access';
import { type FieldRule, passesFieldRule } from '../../contract/field-rules';
import { CALLS, type CallKey } from '../../contract/http';
import { selectFeatures, selectPermissions } from '../../machines/session/session.selectors';
import { useSessionActor } from '../app/actor-context';

/**
 * Whether the caller may make a declared call: its declaration's access
 * against the session's permissions and licensed features (6.1, 6.4). Buttons
 * that make a call are shown with it; the server is the authority.
 */
export function useMayCall(key: CallKey): boolean {
  const session = useSessionActor();
  const granted = useSelector(session, selectPermissions);
  const features = useSelector(session, selectFeatures);
  return mayCall(CALLS[key], granted, features);
}

/**
 * What the caller may do with an entity's records (view, create, edit, delete,
 * export), each read from the declaration of its call (`PUT {path}`,
 * `PATCH {path}/{id}`, …). Add buttons, bulk delete, export and Approve use it.
 */
export function useEntityAccess(entity: EntityContract): EntityPermissions {
  const session = useSessionActor();
  const granted = useSelector(session, selectPermissions);
  const features = useSelector(session, selectFeatures);
  return useMemo(() => entityPermissions(entity, granted, features), [entity, granted, features]);
}

/** Whether the caller passes a field rule declared next to its entity (src/contract/field-rules.ts). */
export function useFieldRule(rule: FieldRule): boolean {
  return passesFieldRule(rule, useSelector(useSessionActor(), selectPermissions));
}
