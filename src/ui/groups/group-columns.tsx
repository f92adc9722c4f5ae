import type { TFunction } from 'i18next';
import type { Group } from '../../contract/entities/group';
import { asColumns, type ColumnDef } from '../entities/columns';

/** The groups table in tree order: name, type, logical address, parent, members. */
export function groupColumns(t: TFunction): ColumnDef[] {
  return asColumns<Group & { [k: string]: unknown }>([
    { key: 'name', header: t('groups:fields.name'), sortField: 'name', cell: (g) => g.name },
    { key: 'type', header: t('groups:fields.type'), className: 'w-40', cell: (g) => g.type?.name ?? '' },
    {
      key: 'logic_address',
      header: t('groups:fields.logic_address'),
      sortField: 'logic_address',
      className: 'w-36',
      cell: (g) => (g.logic_address ? <code className="text-[13px]">{g.logic_address}</code> : ''),
    },
    { key: 'parent', header: t('groups:fields.parent'), cell: (g) => g.parent?.name ?? '' },
    {
      key: 'users',
      header: t('groups:fields.users'),
      className: 'w-28 text-right',
      cell: (g) => g.users?.length ?? 0,
    },
  ]);
}
