import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AnnounceByToken } from '../../contract/entities/announce';
import type { PollAnswerMachine } from '../../machines/poll-answer/poll-answer.machine';
import {
  selectCustomAnswer,
  selectIsPollSending,
  selectPollAnswers,
  selectPollError,
} from '../../machines/poll-answer/poll-answer.selectors';
import { Button } from '../kit/Button';
import { cx } from '../kit/class-names';
import { FieldErrorText } from '../kit/FieldErrorText';

/** The answering form of a running poll: options (radio or checkboxes), the own answer, send. */
export function PollOptions({ pollRef, poll }: { pollRef: ActorRefFrom<PollAnswerMachine>; poll: AnnounceByToken }) {
  const { t } = useTranslation('announces');
  const id = useId();
  const answers = useSelector(pollRef, selectPollAnswers);
  const custom = useSelector(pollRef, selectCustomAnswer);
  const sending = useSelector(pollRef, selectIsPollSending);
  const answersError = useSelector(pollRef, selectPollError('answers'));
  const customError = useSelector(pollRef, selectPollError('custom_answer'));
  const multi = poll.type_info.poll_multi_answers_allowed;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        pollRef.send({ type: 'poll.submit' });
      }}
    >
      <fieldset aria-describedby={answersError ? `${id}-error` : undefined} disabled={sending}>
        <legend className="mb-2 text-[13px] font-medium text-ink">
          {multi ? t('poll.chooseSeveral') : t('poll.choose')}
        </legend>
        <div className="space-y-1.5">
          {poll.type_info.questions.map((question, index) => (
            <label
              key={question}
              className={cx(
                'flex cursor-pointer items-center gap-2.5 rounded-md border px-3 py-2 text-sm',
                answers.includes(index) ? 'border-brand-500 bg-brand-50' : 'border-line bg-surface',
              )}
            >
              <input
                type={multi ? 'checkbox' : 'radio'}
                name={`${id}-answer`}
                checked={answers.includes(index)}
                onChange={() => pollRef.send({ type: 'poll.toggle', index })}
                className="size-4 accent-brand-600"
              />
              {question}
            </label>
          ))}
        </div>
        <FieldErrorText error={answersError} id={`${id}-error`} />
      </fieldset>
      {poll.type_info.poll_user_answer_allowed ? (
        <div>
          <label htmlFor={`${id}-custom`} className="mb-1 block text-[13px] font-medium text-ink">
            {t('poll.custom')}
          </label>
          <textarea
            id={`${id}-custom`}
            rows={3}
            value={custom}
            disabled={sending}
            onChange={(event) => pollRef.send({ type: 'poll.customChanged', text: event.target.value })}
            aria-invalid={customError ? true : undefined}
            className="block w-full rounded-md border border-line bg-surface px-2.5 py-1.5 text-sm text-ink focus:border-brand-500"
          />
          <FieldErrorText error={customError} />
        </div>
      ) : null}
      <Button type="submit" variant="primary" disabled={sending}>
        {sending ? t('poll.sending') : t('poll.submit')}
      </Button>
    </form>
  );
}
