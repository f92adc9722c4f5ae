import type { TFunction } from 'i18next';
import type { Conversation } from '../../contract/entities/conversation';
import { asColumns, type ColumnDef } from '../entities/columns';
import { formatWhen } from '../kit/format-date';
import { UnreadBadge } from './UnreadBadge';

/** The inbox: subject (bold while unread), who it is with, the last message, when. */
export function conversationColumns(t: TFunction, locale: string, selfId: number | null): ColumnDef[] {
  return asColumns<Conversation & { [k: string]: unknown }>([
    {
      key: 'subject',
      header: t('conversations:columns.subject'),
      sortField: 'subject',
      cell: (c) => (
        <span className={c.unread > 0 ? 'font-semibold text-ink' : undefined}>
          {c.subject}
          {c.unread > 0 ? <UnreadBadge count={c.unread} /> : null}
        </span>
      ),
    },
    {
      key: 'interlocutor',
      header: t('conversations:columns.interlocutor'),
      className: 'w-48',
      cell: (c) =>
        c.is_participant
          ? (c.interlocutor?.name ?? '')
          : t('conversations:between', {
              first: c.participants[0]?.name ?? '',
              second: c.participants[1]?.name ?? '',
            }),
    },
    {
      key: 'message',
      header: t('conversations:columns.message'),
      cell: (c) =>
        c.message ? (
          <span className="line-clamp-1 text-muted">
            <span className="text-ink">
              {c.message.author?.id === selfId ? t('conversations:you') : (c.message.author?.name ?? '')}:
            </span>{' '}
            {c.message.body}
          </span>
        ) : (
          <span className="text-muted">{t('conversations:noMessages')}</span>
        ),
    },
    {
      key: 'updated_at',
      header: t('conversations:columns.updated_at'),
      sortField: 'updated_at',
      className: 'w-44 whitespace-nowrap',
      cell: (c) => formatWhen(c.updated_at, locale),
    },
  ]);
}
