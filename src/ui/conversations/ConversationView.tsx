import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ConversationThreadMachine } from '../../machines/conversation-thread/conversation-thread.machine';
import {
  selectCanWrite,
  selectIsThreadFailed,
  selectIsThreadLoading,
  selectThreadConversation,
  selectThreadFailure,
} from '../../machines/conversation-thread/conversation-thread.selectors';
import { Button } from '../kit/Button';
import { ErrorState } from '../kit/ErrorState';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { PageSpinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

/** Props of {@link ConversationView}. */
export interface ConversationViewProps {
  threadRef: ActorRefFrom<ConversationThreadMachine>;
  /** The caller's user id: their messages sit on the right. */
  selfId: number | null;
  onBack: () => void;
}

/** /conversation/:id: subject and participants, the messages, and the composer for participants. */
export function ConversationView({ threadRef, selfId, onBack }: ConversationViewProps) {
  const { t } = useTranslation(['conversations', 'errors']);
  const loading = useSelector(threadRef, selectIsThreadLoading);
  const failed = useSelector(threadRef, selectIsThreadFailed);
  const failure = useSelector(threadRef, selectThreadFailure);
  const conversation = useSelector(threadRef, selectThreadConversation);
  const canWrite = useSelector(threadRef, selectCanWrite);
  const back = (
    <Button variant="ghost" onClick={onBack}>
      {t('conversations:thread.back')}
    </Button>
  );

  if (loading) return <PageSpinner label={t('conversations:thread.loading')} />;
  if (failed || !conversation) {
    return (
      <div className={pageWidth('readable')}>
        <PageHeader title={t('conversations:thread.failed')} actions={back} />
        <ErrorState
          title={t('conversations:thread.failed')}
          message={translateError(t, failure)}
          failure={failure}
          onRetry={() => threadRef.send({ type: 'thread.retry' })}
          back={{ label: t('conversations:thread.back'), onClick: onBack }}
        />
      </div>
    );
  }
  return (
    <div className={pageWidth('readable')}>
      <PageHeader
        title={conversation.subject}
        description={`${t('conversations:thread.participants')}: ${conversation.participants.map((p) => p.name).join(', ')}`}
        actions={back}
      />
      <section className="rounded-lg border border-line bg-canvas/40 shadow-xs">
        <MessageList threadRef={threadRef} selfId={selfId} />
        {canWrite ? (
          <Composer threadRef={threadRef} />
        ) : (
          <p className="border-t border-line px-4 py-3 text-sm text-muted">{t('conversations:thread.observer')}</p>
        )}
      </section>
    </div>
  );
}
