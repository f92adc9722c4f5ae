import type { TFunction } from 'i18next';
import type { UserListItem } from '../../contract/entities/user';
import { asColumns, type ColumnDef } from '../entities/columns';
import { MarkerSwatch } from '../markers/MarkerSwatch';
import { UserAvatar } from './UserAvatar';

type Row = UserListItem & { [k: string]: unknown };

/** First names of a list, then "+N". */
function some(names: string[], max = 2) {
  if (names.length <= max) return names.join(', ');
  return `${names.slice(0, max).join(', ')} +${names.length - max}`;
}

/** The users table: name (with login), e-mail, role, groups, markers, status. */
export function userColumns(t: TFunction): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'name',
      header: t('users:fields.name'),
      sortField: 'name',
      cell: (u) => (
        <span className="inline-flex items-center gap-2.5">
          <UserAvatar name={u.name} url={u.avatar_url} />
          <span className="min-w-0">
            <span className="block">{u.name}</span>
            <span className="block text-xs font-normal text-muted">{u.login}</span>
          </span>
        </span>
      ),
    },
    { key: 'email', header: t('users:fields.email'), sortField: 'email', cell: (u) => u.email ?? '' },
    { key: 'role', header: t('users:fields.role'), cell: (u) => u.role.name },
    {
      key: 'domains',
      header: t('users:fields.domains'),
      cell: (u) => <span title={u.domains.map((d) => d.name).join(', ')}>{some(u.domains.map((d) => d.name))}</span>,
    },
    {
      key: 'markers',
      header: t('users:fields.markers'),
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          {u.markers.map((m) => (
            <span key={m.id} className="inline-flex items-center gap-1 rounded bg-canvas px-1.5 py-0.5 text-xs">
              <MarkerSwatch color={m.color} className="size-2.5" />
              {m.name}
            </span>
          ))}
        </span>
      ),
    },
    {
      key: 'activated_at',
      header: t('users:fields.status'),
      sortField: 'activated_at',
      className: 'w-32',
      cell: (u) =>
        u.activated_at ? (
          <span className="text-success-600">{t('users:status.active')}</span>
        ) : (
          <span className="text-warning-600">{t('users:status.invited')}</span>
        ),
    },
  ]);
}
