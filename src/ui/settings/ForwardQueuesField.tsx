import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FORWARD_QUEUE_LIMITS, GROUP_USERS_PLACEHOLDER } from '../../contract/entities/project-settings';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { Button } from '../kit/Button';
import { FieldErrorText } from '../kit/FieldErrorText';
import { Icon } from '../kit/icons';
import { inputClasses } from '../kit/TextField';
import type { ForwardRulesValues } from './project-settings-form';

type Queue = ForwardRulesValues['queues'][number];
const queuesOf = (value: unknown) => (Array.isArray(value) ? (value as Queue[]) : []);

/** The group forwarding's queues, in order: the numbers each rings together and for how long. */
export function ForwardQueuesField({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const queues = queuesOf(useSelector(formRef, selectFormValue('queues')));
  const error = useSelector(formRef, selectFieldError('queues'));
  const locked = useSelector(formRef, selectIsLocked);
  const set = (next: Queue[]) => formRef.send({ type: 'field.change', field: 'queues', value: next });
  const change = (index: number, part: Partial<Queue>) =>
    set(queues.map((q, i) => (i === index ? { ...q, ...part } : q)));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-[13px] font-medium text-ink">{t('forwarding.queues')}</legend>
      {queues.length === 0 ? <p className="text-[13px] text-muted">{t('forwarding.none')}</p> : null}
      <ol className="space-y-1.5">
        {queues.map((queue, index) => (
          // A queue is its position: the stages ring in this order.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index} className="flex items-center gap-2">
            <span className="w-5 text-right text-[12px] text-muted">{index + 1}.</span>
            <input
              aria-label={t('forwarding.numbers', { n: index + 1 })}
              placeholder={`${GROUP_USERS_PLACEHOLDER}, 100002`}
              value={queue.numbers}
              disabled={locked}
              onChange={(event) => change(index, { numbers: event.target.value })}
              className={inputClasses(Boolean(error))}
            />
            <input
              aria-label={t('forwarding.timeout', { n: index + 1 })}
              inputMode="numeric"
              value={queue.timeout}
              disabled={locked}
              onChange={(event) => change(index, { timeout: event.target.value })}
              className={`${inputClasses(Boolean(error))} w-20`}
            />
            <span className="text-[12px] text-muted">{t('forwarding.sec')}</span>
            {locked ? null : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('forwarding.remove', { n: index + 1 })}
                title={t('forwarding.remove', { n: index + 1 })}
                onClick={() => set(queues.filter((_, i) => i !== index))}
              >
                <Icon name="close" className="size-3.5" />
              </Button>
            )}
          </li>
        ))}
      </ol>
      {locked || queues.length >= FORWARD_QUEUE_LIMITS.queues ? null : (
        <Button
          size="sm"
          variant="ghost"
          className="mt-1.5"
          onClick={() =>
            set([...queues, { numbers: queues.length === 0 ? GROUP_USERS_PLACEHOLDER : '', timeout: '30' }])
          }
        >
          {t('forwarding.add')}
        </Button>
      )}
      <FieldErrorText error={error} id={`${id}-error`} />
    </fieldset>
  );
}
