import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { TimeRuleSchema } from '../../contract/entities/time-rule';
import { TIME_RULE_DAY_TYPES } from '../../contract/time-rule-definition';
import { selectFormValue, selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { secondsOfTime } from '../../machines/schedule-preview/schedule-preview.draft';
import type { SchedulePreviewMachine } from '../../machines/schedule-preview/schedule-preview.machine';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { Card } from '../kit/Card';
import { OccurrencesPreview } from './OccurrencesPreview';
import { RecurrenceFields } from './RecurrenceFields';

/** Props of {@link ScheduleFormView}. */
export interface ScheduleFormViewProps {
  formRef: FormRef;
  previewRef: ActorRefFrom<SchedulePreviewMachine>;
  onCancel: () => void;
}

/** The hours: all day, or a window (overnight when it ends before it starts). */
function Hours({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('schedules');
  const allDay = useSelector(formRef, selectFormValue('is_all_day'));
  const from = secondsOfTime(String(useSelector(formRef, selectFormValue('from')) ?? ''));
  const to = secondsOfTime(String(useSelector(formRef, selectFormValue('to')) ?? ''), true);
  return (
    <div className="space-y-3">
      <FormCheckbox formRef={formRef} field="is_all_day" label={t('fields.is_all_day')} />
      {allDay ? null : (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormText formRef={formRef} field="from" label={t('fields.from')} type="time" required />
          <FormText
            formRef={formRef}
            field="to"
            label={t('fields.to')}
            type="time"
            required
            hint={to < from ? t('form.overnightHint') : t('form.timesHint')}
          />
        </div>
      )}
    </div>
  );
}

/** /schedules/add and /schedules/:id/edit: the schedule, its hours, its repeat and day types, with the next occurrences beside. */
export function ScheduleFormView({ formRef, previewRef, onCancel }: ScheduleFormViewProps) {
  const { t } = useTranslation('schedules');
  const isNew = useSelector(formRef, selectIsNew);
  const item = useFormItem(formRef, TimeRuleSchema);
  const useTypes = useSelector(formRef, selectFormValue('use_day_types'));
  const title = isNew ? t('form.addTitle') : item ? t('form.editNamed', { name: item.name }) : t('form.editTitle');
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={t('form.addHint')}
      onCancel={onCancel}
      aside={<OccurrencesPreview previewRef={previewRef} />}
    >
      <Card title={t('form.sections.general')}>
        <div className="space-y-3">
          <FormText formRef={formRef} field="name" label={t('fields.name')} required />
          <FormTextArea formRef={formRef} field="description" label={t('fields.description')} />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormText formRef={formRef} field="valid_from" label={t('fields.valid_from')} type="date" required />
            <FormText
              formRef={formRef}
              field="valid_to"
              label={t('fields.valid_to')}
              type="date"
              hint={t('form.validToHint')}
            />
          </div>
        </div>
      </Card>
      <Card title={t('form.sections.when')}>
        <Hours formRef={formRef} />
      </Card>
      <Card title={t('form.sections.repeat')}>
        <RecurrenceFields formRef={formRef} />
      </Card>
      <Card title={t('form.sections.dayTypes')}>
        <div className="space-y-3">
          <p className="text-[13px] text-muted">{t('form.dayTypesHint')}</p>
          <FormCheckbox formRef={formRef} field="use_day_types" label={t('fields.use_day_types')} />
          {useTypes ? (
            <FormSelect
              formRef={formRef}
              field="day_type"
              label={t('fields.day_type')}
              options={TIME_RULE_DAY_TYPES.map((value) => ({ value, label: t(`dayTypes.${value}`) }))}
              className="w-64"
            />
          ) : null}
        </div>
      </Card>
    </EntityFormPage>
  );
}
