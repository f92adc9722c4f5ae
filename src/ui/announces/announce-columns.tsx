import type { TFunction } from 'i18next';
import type { Announce } from '../../contract/entities/announce';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatDateTime } from '../kit/format-date';
import { AnnounceStatus } from './AnnounceStatus';

/** The announcements table: name and subject, type, status (and schedule), delivery, counts. */
export function announceColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Announce & { [k: string]: unknown }>([
    {
      key: 'name',
      header: t('announces:columns.name'),
      sortField: 'name',
      className: 'min-w-64',
      cell: (a) => (
        <span className="flex flex-col">
          <span className="font-medium text-ink">{a.name}</span>
          <span className="line-clamp-1 text-[12px] text-muted">{a.subject}</span>
        </span>
      ),
    },
    {
      key: 'type',
      header: t('announces:columns.type'),
      sortField: 'type',
      className: 'w-28',
      cell: (a) => t(`announces:type.${a.type}`),
    },
    {
      key: 'status',
      header: t('announces:columns.status'),
      sortField: 'status',
      className: 'w-44',
      cell: (a) => <AnnounceStatus announce={a} />,
    },
    {
      key: 'send_via',
      header: t('announces:columns.send_via'),
      sortField: 'send_via',
      className: 'w-28 whitespace-nowrap',
      cell: (a) => t(`announces:sendVia.${a.send_via}`),
    },
    {
      key: 'recipients',
      header: t('announces:columns.recipients'),
      className: 'w-28 text-right',
      cell: (a) => (a.status === 'new' ? '—' : a.recipients_count),
    },
    {
      key: 'responses',
      header: t('announces:columns.responses'),
      className: 'w-24 text-right',
      cell: (a) => (a.type === 'poll' && a.status !== 'new' ? a.responses_count : '—'),
    },
    {
      key: 'created_at',
      header: t('announces:columns.created_at'),
      sortField: 'created_at',
      className: 'w-44 whitespace-nowrap',
      cell: (a) => formatDateTime(a.created_at, locale),
    },
  ]);
}
