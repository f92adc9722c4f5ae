import type { TFunction } from 'i18next';
import type { Role } from '../../contract/entities/role';
import { ALL_PERMISSIONS } from '../../contract/permissions';
import { asColumns, type ColumnDef } from '../entities/columns';

/** The roles table: name (administrator marked), description, permissions held, users holding it. */
export function roleColumns(t: TFunction): ColumnDef[] {
  return asColumns<Role & { [k: string]: unknown }>([
    {
      key: 'name',
      header: t('roles:fields.name'),
      sortField: 'name',
      cell: (role) => (
        <span className="inline-flex items-center gap-2">
          {role.name}
          {role.is_admin ? (
            <span className="rounded bg-brand-50 px-1.5 py-0.5 text-[11px] font-medium text-brand-700">
              {t('roles:admin')}
            </span>
          ) : null}
        </span>
      ),
    },
    { key: 'description', header: t('roles:fields.description'), cell: (role) => role.description ?? '' },
    {
      key: 'permissions',
      header: t('roles:fields.permissions'),
      className: 'w-32 tabular-nums',
      cell: (role) => t('roles:editor.selected', { count: role.permissions.length, total: ALL_PERMISSIONS.length }),
    },
    {
      key: 'users_count',
      header: t('roles:fields.users_count'),
      className: 'w-24 text-right tabular-nums',
      cell: (role) => role.users_count,
    },
  ]);
}
