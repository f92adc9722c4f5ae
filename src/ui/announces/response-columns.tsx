import type { TFunction } from 'i18next';
import type { AnnounceResponse } from '../../contract/entities/announce';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatDateTime } from '../kit/format-date';

/** The responses table: announce, who answered, the chosen answers and the own answer, when. */
export function responseColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<AnnounceResponse & { [k: string]: unknown }>([
    {
      key: 'announce',
      header: t('announces:responses.announce'),
      sortField: 'announce_name',
      cell: (r) => r.announce.name,
    },
    {
      key: 'user',
      header: t('announces:responses.user'),
      sortField: 'user_name',
      className: 'w-52',
      cell: (r) => (
        <span className="flex flex-col">
          <span>{r.user.name}</span>
          {r.user.email ? <span className="text-[12px] text-muted">{r.user.email}</span> : null}
        </span>
      ),
    },
    {
      key: 'answers',
      header: t('announces:responses.answers'),
      cell: (r) => (r.answer_texts.length ? r.answer_texts.join(', ') : '—'),
    },
    {
      key: 'custom_answer',
      header: t('announces:responses.custom_answer'),
      cell: (r) => r.custom_answer ?? '—',
    },
    {
      key: 'answered_at',
      header: t('announces:responses.answered_at'),
      sortField: 'answered_at',
      className: 'w-44 whitespace-nowrap',
      cell: (r) => formatDateTime(r.answered_at, locale),
    },
  ]);
}
