import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AnnounceByToken } from '../../contract/entities/announce';
import type { PollAnswerMachine } from '../../machines/poll-answer/poll-answer.machine';
import {
  selectIsPollAnswered,
  selectIsPollEditable,
  selectIsPollFailed,
  selectIsPollLoading,
  selectIsPollSending,
  selectPollAnnounce,
  selectPollFailure,
} from '../../machines/poll-answer/poll-answer.selectors';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { cx } from '../kit/class-names';
import { ErrorState } from '../kit/ErrorState';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { PageSpinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { PollOptions } from './PollOptions';

/** The caller's stored answer, in words. */
function StoredAnswer({ poll }: { poll: AnnounceByToken }) {
  const { t } = useTranslation('announces');
  const response = poll.response;
  if (!response) return <p className="text-sm text-muted">{t('poll.noAnswer')}</p>;
  const chosen = response.answers.map((i) => poll.type_info.questions[i]).filter(Boolean);
  return (
    <div className="text-sm">
      <p className="mb-1 text-[13px] font-medium text-ink">{t('poll.yourAnswer')}</p>
      {chosen.length ? <p>{chosen.join(', ')}</p> : null}
      {response.custom_answer ? <p className="whitespace-pre-wrap text-muted">“{response.custom_answer}”</p> : null}
    </div>
  );
}

/** /announce/:token: the announcement, and for a running poll the answering form (or the answer given). */
export function PollView({ pollRef }: { pollRef: ActorRefFrom<PollAnswerMachine> }) {
  const { t } = useTranslation(['announces', 'errors']);
  const loading = useSelector(pollRef, selectIsPollLoading);
  const failed = useSelector(pollRef, selectIsPollFailed);
  const failure = useSelector(pollRef, selectPollFailure);
  const poll = useSelector(pollRef, selectPollAnnounce);
  const editable = useSelector(pollRef, selectIsPollEditable);
  const sending = useSelector(pollRef, selectIsPollSending);
  const answered = useSelector(pollRef, selectIsPollAnswered);

  if (loading) return <PageSpinner label={t('announces:poll.loading')} />;
  if (failed || !poll) {
    return (
      <ErrorState
        title={t('announces:poll.failed')}
        message={translateError(t, failure)}
        failure={failure}
        onRetry={() => pollRef.send({ type: 'poll.retry' })}
      />
    );
  }
  const isPoll = poll.type === 'poll';
  return (
    <div className={cx(pageWidth('readable'), 'space-y-4')}>
      <PageHeader
        title={poll.subject}
        description={poll.owner ? t('announces:poll.from', { name: poll.owner.name }) : undefined}
      />
      <Card>
        <p className="whitespace-pre-wrap text-sm text-ink">{poll.body}</p>
      </Card>
      {isPoll ? (
        <Card title={t('announces:type.poll')}>
          {editable || sending ? <PollOptions pollRef={pollRef} poll={poll} /> : null}
          {answered ? (
            <div className="space-y-3">
              <StoredAnswer poll={poll} />
              <Button size="sm" onClick={() => pollRef.send({ type: 'poll.change' })}>
                {t('announces:poll.change')}
              </Button>
            </div>
          ) : null}
          {!editable && !sending && !answered ? (
            <div className="space-y-3">
              <p className="text-sm text-muted">
                {poll.status === 'new' ? t('announces:poll.notStarted') : t('announces:poll.closed')}
              </p>
              <StoredAnswer poll={poll} />
            </div>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
