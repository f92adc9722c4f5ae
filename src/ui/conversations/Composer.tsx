import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ConversationThreadMachine } from '../../machines/conversation-thread/conversation-thread.machine';
import {
  selectCanSend,
  selectDraft,
  selectDraftLeft,
  selectIsSending,
} from '../../machines/conversation-thread/conversation-thread.selectors';
import { Button } from '../kit/Button';
import { cx } from '../kit/class-names';

/** How close to the limit the counter starts to show. */
const COUNTER_FROM = 200;

/** The message box: Send (or Ctrl/⌘+Enter) sends; the draft survives a failed send. */
export function Composer({ threadRef }: { threadRef: ActorRefFrom<ConversationThreadMachine> }) {
  const { t } = useTranslation('conversations');
  const id = useId();
  const draft = useSelector(threadRef, selectDraft);
  const left = useSelector(threadRef, selectDraftLeft);
  const canSend = useSelector(threadRef, selectCanSend);
  const sending = useSelector(threadRef, selectIsSending);
  const send = () => threadRef.send({ type: 'thread.send' });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form
      className="flex items-end gap-2 border-t border-line px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {t('thread.compose')}
        </label>
        <textarea
          id={id}
          rows={2}
          value={draft}
          placeholder={t('thread.compose')}
          disabled={sending}
          onChange={(event) => threadRef.send({ type: 'thread.draftChanged', text: event.target.value })}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint`}
          className={cx(
            'block w-full resize-y rounded-md border bg-surface px-2.5 py-1.5 text-sm text-ink disabled:bg-canvas',
            left < 0 ? 'border-danger-600' : 'border-line focus:border-brand-500',
          )}
        />
        <p id={`${id}-hint`} className={cx('mt-1 text-[12px]', left < 0 ? 'text-danger-600' : 'text-muted')}>
          {left < 0
            ? t('thread.tooLong', { count: -left })
            : left < COUNTER_FROM
              ? t('thread.left', { count: left })
              : t('thread.sendHint')}
        </p>
      </div>
      <Button type="submit" variant="primary" disabled={!canSend} className="mb-5">
        {sending ? t('thread.sending') : t('thread.send')}
      </Button>
    </form>
  );
}
