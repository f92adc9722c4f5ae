import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { COMMUNICATIONS } from '../../contract/constants';
import { ANNOUNCE_TYPES } from '../../contract/entities/announce';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormTextList } from '../entities/fields/FormTextList';
import type { FormRef } from '../entities/form-types';
import { Card } from '../kit/Card';

/** The type of the announce, and for a poll its answers and what recipients may do. */
export function PollFields({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('announces');
  const isPoll = useSelector(formRef, selectFormValue('type')) === 'poll';
  return (
    <Card title={t('form.poll')}>
      <div className="space-y-3">
        <FormSelect
          formRef={formRef}
          field="type"
          label={t('form.type')}
          options={ANNOUNCE_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          className="max-w-xs"
        />
        {isPoll ? (
          <>
            <FormTextList
              formRef={formRef}
              field="questions"
              label={t('form.questions')}
              itemLabel={(n) => t('form.question', { number: n })}
              addLabel={t('form.addQuestion')}
              removeLabel={(n) => t('form.removeQuestion', { number: n })}
              emptyText={t('form.noQuestions')}
              max={COMMUNICATIONS.pollMaxQuestions}
            />
            <FormCheckbox
              formRef={formRef}
              field="poll_multi_answers_allowed"
              label={t('form.poll_multi_answers_allowed')}
            />
            <FormCheckbox
              formRef={formRef}
              field="poll_user_answer_allowed"
              label={t('form.poll_user_answer_allowed')}
            />
          </>
        ) : null}
      </div>
    </Card>
  );
}
