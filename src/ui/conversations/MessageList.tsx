import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ConversationThreadMachine } from '../../machines/conversation-thread/conversation-thread.machine';
import {
  selectHasOlder,
  selectIsLoadingOlder,
  selectThreadMessages,
} from '../../machines/conversation-thread/conversation-thread.selectors';
import { Button } from '../kit/Button';
import { Spinner } from '../kit/Spinner';
import { MessageBubble } from './MessageBubble';

/** Props of {@link MessageList}. */
export interface MessageListProps {
  threadRef: ActorRefFrom<ConversationThreadMachine>;
  selfId: number | null;
}

/** Keeps the newest message in view: runs when the last message's element is (re)mounted. */
const stickToBottom = (element: HTMLLIElement | null) => {
  const box = element?.closest('[data-scroll]');
  if (box) box.scrollTop = box.scrollHeight;
};

/** The messages, oldest first, with "load older" at the top; new ones are announced to screen readers. */
export function MessageList({ threadRef, selfId }: MessageListProps) {
  const { t } = useTranslation('conversations');
  const messages = useSelector(threadRef, selectThreadMessages);
  const hasOlder = useSelector(threadRef, selectHasOlder);
  const loadingOlder = useSelector(threadRef, selectIsLoadingOlder);
  return (
    <div data-scroll className="max-h-[60vh] min-h-64 overflow-y-auto px-4 py-3">
      <div className="mb-3 flex justify-center">
        {loadingOlder ? (
          <Spinner label={t('thread.loadingOlder')} />
        ) : hasOlder ? (
          <Button size="sm" variant="ghost" onClick={() => threadRef.send({ type: 'thread.loadOlder' })}>
            {t('thread.loadOlder')}
          </Button>
        ) : (
          <p className="text-[12px] text-muted">{messages.length ? t('thread.beginning') : t('thread.empty')}</p>
        )}
      </div>
      <ol aria-label={t('thread.messages')} aria-live="polite" className="space-y-3">
        {messages.map((message, index) => (
          <li key={message.id} ref={index === messages.length - 1 ? stickToBottom : undefined}>
            <MessageBubble message={message} own={message.author?.id === selfId} />
          </li>
        ))}
      </ol>
    </div>
  );
}
