import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { TopicFeedMachine } from '../../machines/topic-feed/topic-feed.machine';
import { selectIsListeningTo, selectReceivedOn } from '../../machines/topic-feed/topic-feed.selectors';

/**
 * The page keeps up on its own (7.10): a "Live" mark while the topic feed
 * listens to the page's topic, and how many changes it passed on.
 */
export function LiveMark({ feedRef, topic }: { feedRef: ActorRefFrom<TopicFeedMachine>; topic: string }) {
  const { t } = useTranslation('ipBlocking');
  const listening = useSelector(feedRef, selectIsListeningTo(topic));
  const received = useSelector(feedRef, selectReceivedOn(topic));
  if (!listening) return null;
  return (
    <span role="status" className="flex items-center gap-1.5 text-[13px] text-muted">
      <span aria-hidden="true" className="size-2 rounded-full bg-success-600" />
      <span className="font-medium text-ink">{t('live.on')}</span>{' '}
      <span>· {received > 0 ? t('live.heard', { count: received }) : t('live.quiet')}</span>
    </span>
  );
}
