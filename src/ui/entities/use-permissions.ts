import { useSelector } from '@xstate/react';
import { hasAnyPermission, type Permission } from '../../contract/permissions';
import { selectPermissions } from '../../machines/session/session.selectors';
import { useSessionActor } from '../app/actor-context';

/** Whether the user's role holds any of the permissions (6.1; buttons and fields are gated with it). */
export function usePermission(...anyOf: Permission[]): boolean {
  const granted = useSelector(useSessionActor(), selectPermissions);
  return hasAnyPermission(granted, anyOf);
}
