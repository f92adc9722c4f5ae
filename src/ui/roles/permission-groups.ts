import { PERMISSION_FAMILIES, type PermissionFamily } from '../../contract/permissions';

/** One family of 6.2 as the editor shows it: its permissions that match the search. */
export interface PermissionGroup {
  family: PermissionFamily;
  permissions: string[];
}

/** The action part of a permission code (`users.view_all` → `view_all`). */
export const actionOf = (permission: string) => permission.slice(permission.indexOf('.') + 1);

/**
 * The families with the permissions a search matches: by family name, action
 * name (both as translated) or code. An empty search keeps everything.
 */
export function groupPermissions(
  search: string,
  label: { family: (family: PermissionFamily) => string; action: (permission: string) => string },
): PermissionGroup[] {
  const needle = search.trim().toLowerCase();
  const families = Object.entries(PERMISSION_FAMILIES) as [PermissionFamily, readonly string[]][];
  return families
    .map(([family, permissions]) => {
      if (!needle || label.family(family).toLowerCase().includes(needle))
        return { family, permissions: [...permissions] };
      return {
        family,
        permissions: permissions.filter(
          (p) => p.toLowerCase().includes(needle) || label.action(p).toLowerCase().includes(needle),
        ),
      };
    })
    .filter((group) => group.permissions.length > 0);
}

/** The permission list with a family's (visible) permissions all added or all removed. */
export function toggleFamily(current: readonly string[], permissions: readonly string[], on: boolean): string[] {
  if (on) return [...current, ...permissions.filter((p) => !current.includes(p))];
  return current.filter((p) => !permissions.includes(p));
}
