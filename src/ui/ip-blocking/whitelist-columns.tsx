import type { TFunction } from 'i18next';
import type { IpWhitelistEntry } from '../../contract/entities/ip-blocking';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatDateTime } from '../kit/format-date';

type Row = IpWhitelistEntry & { [k: string]: unknown };

/** The whitelist: address or range, what it is, when and by whom it was added. */
export function whitelistColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'ip',
      header: t('ipBlocking:whitelist.fields.ip'),
      sortField: 'ip',
      className: 'w-64',
      cell: (w) => <span className="font-mono text-[13px] text-ink">{w.ip}</span>,
    },
    {
      key: 'description',
      header: t('ipBlocking:whitelist.fields.description'),
      sortField: 'description',
      cell: (w) => w.description ?? '',
    },
    {
      key: 'created_at',
      header: t('ipBlocking:whitelist.fields.created_at'),
      sortField: 'created_at',
      className: 'w-56',
      cell: (w) => (
        <span>
          <span className="block">{formatDateTime(w.created_at, locale)}</span>
          {w.created_by_user ? (
            <span className="block text-xs text-muted">
              {t('ipBlocking:whitelist.by', { user: w.created_by_user.name })}
            </span>
          ) : null}
        </span>
      ),
    },
  ]);
}
