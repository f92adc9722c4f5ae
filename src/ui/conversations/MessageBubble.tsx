import { useTranslation } from 'react-i18next';
import type { ConversationMessage } from '../../contract/entities/conversation';
import { cx } from '../kit/class-names';
import { formatWhen } from '../kit/format-date';

/** Props of {@link MessageBubble}. */
export interface MessageBubbleProps {
  message: ConversationMessage;
  /** Written by the caller: shown on the right. */
  own: boolean;
}

/** One message: author and time above the text; the caller's own on the right in the brand colour. */
export function MessageBubble({ message, own }: MessageBubbleProps) {
  const { t, i18n } = useTranslation('conversations');
  const author = own ? t('you') : (message.author?.name ?? t('thread.deletedUser'));
  return (
    <div className={cx('flex flex-col', own ? 'items-end' : 'items-start')}>
      <div className="mb-0.5 flex items-baseline gap-2 px-1 text-[12px] text-muted">
        <span className="font-medium text-ink">{author}</span>
        <time dateTime={message.created_at}>{formatWhen(message.created_at, i18n.language)}</time>
      </div>
      <p
        className={cx(
          'max-w-[min(36rem,85%)] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
          own ? 'rounded-tr-sm bg-brand-600 text-white' : 'rounded-tl-sm border border-line bg-surface text-ink',
        )}
      >
        {message.body}
      </p>
    </div>
  );
}
