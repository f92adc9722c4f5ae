import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ConversationFeedMachine } from '../../machines/conversation-feed/conversation-feed.machine';
import { selectFeedLast, selectFeedReceived } from '../../machines/conversation-feed/conversation-feed.selectors';

/**
 * The inbox listens live (7.10): a "Live" mark, and how many messages arrived
 * since login with the last author, so an operator knows the list keeps up.
 */
export function LiveFeedStatus({ feedRef }: { feedRef: ActorRefFrom<ConversationFeedMachine> }) {
  const { t } = useTranslation('conversations');
  const received = useSelector(feedRef, selectFeedReceived);
  const last = useSelector(feedRef, selectFeedLast);
  return (
    <span role="status" className="flex items-center gap-1.5 text-[13px] text-muted">
      <span aria-hidden="true" className="size-2 rounded-full bg-success-600" />
      <span className="font-medium text-ink">{t('live.on')}</span>
      <span>
        ·{' '}
        {received > 0 && last
          ? t('live.received', { count: received, author: last.author?.name ?? '—' })
          : t('live.quiet')}
      </span>
    </span>
  );
}
