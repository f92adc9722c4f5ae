import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  LOOPER_NTHS,
  REPEAT_CUSTOM_MODES,
  REPEAT_DURATION_MODES,
  REPEAT_MODES,
  WEEK_DAYS,
} from '../../contract/time-rule-definition';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { ChoiceSet } from './ChoiceSet';
import { monthName, weekdayName } from './schedule-summary';

const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, i) => i + 1);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * The repeat of a schedule (§3): the mode; for custom, the pattern (every N days, weekdays, days
 * of the month and/or the Nth weekday, months); for any repeat, how it ends (never, after N times,
 * on a date). Only the inputs of the chosen mode are shown; the others keep their values.
 */
export function RecurrenceFields({ formRef }: { formRef: FormRef }) {
  const { t, i18n } = useTranslation('schedules');
  const locale = i18n.language;
  const mode = useSelector(formRef, selectFormValue('repeat_mode'));
  const custom = useSelector(formRef, selectFormValue('repeat_custom_mode'));
  const duration = useSelector(formRef, selectFormValue('repeat_duration_mode'));
  const looper = useSelector(formRef, selectFormValue('looper_nth'));
  const monthChoices = MONTHS.map((m) => ({
    value: m,
    label: monthName(m, locale, 'short'),
    name: monthName(m, locale),
  }));
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormSelect
          formRef={formRef}
          field="repeat_mode"
          label={t('fields.repeat_mode')}
          options={REPEAT_MODES.map((value) => ({ value, label: t(`repeatModes.${value}`) }))}
        />
        {mode === 'custom' ? (
          <FormSelect
            formRef={formRef}
            field="repeat_custom_mode"
            label={t('fields.repeat_custom_mode')}
            options={REPEAT_CUSTOM_MODES.map((value) => ({ value, label: t(`customModes.${value}`) }))}
          />
        ) : null}
      </div>
      {mode === 'custom' && custom === 'daily' ? (
        <FormText
          formRef={formRef}
          field="day_iteration"
          label={t('fields.day_iteration')}
          inputMode="numeric"
          className="w-48"
        />
      ) : null}
      {mode === 'custom' && custom === 'weekly' ? (
        <ChoiceSet
          formRef={formRef}
          field="weekdays"
          legend={t('fields.weekdays')}
          choices={WEEK_DAYS.map((d) => ({
            value: d,
            label: weekdayName(d, locale, 'short'),
            name: weekdayName(d, locale),
          }))}
        />
      ) : null}
      {mode === 'custom' && (custom === 'monthly' || custom === 'yearly') ? (
        <>
          <ChoiceSet
            formRef={formRef}
            field="days"
            legend={t('fields.days')}
            compact
            choices={DAYS_OF_MONTH.map((d) => ({ value: d, label: String(d) }))}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormSelect
              formRef={formRef}
              field="looper_nth"
              label={t('fields.looper_nth')}
              options={[
                { value: '', label: t('form.noLooper') },
                ...LOOPER_NTHS.map((n) => ({ value: String(n), label: t(`nth.${n}`) })),
              ]}
            />
            {looper ? (
              <FormSelect
                formRef={formRef}
                field="looper_weekday"
                label={t('fields.looper_weekday')}
                options={WEEK_DAYS.map((d) => ({ value: d, label: weekdayName(d, locale) }))}
              />
            ) : null}
          </div>
        </>
      ) : null}
      {mode === 'custom' ? (
        <ChoiceSet
          formRef={formRef}
          field="months"
          legend={t('fields.months')}
          hint={custom === 'yearly' ? undefined : t('form.monthsHint')}
          choices={monthChoices}
        />
      ) : null}
      {mode !== 'never' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormSelect
            formRef={formRef}
            field="repeat_duration_mode"
            label={t('fields.repeat_duration_mode')}
            options={REPEAT_DURATION_MODES.map((value) => ({ value, label: t(`durationModes.${value}`) }))}
          />
          {duration === 'count' ? (
            <FormText
              formRef={formRef}
              field="repeat_duration_count"
              label={t('fields.repeat_duration_count')}
              inputMode="numeric"
              required
            />
          ) : null}
          {duration === 'until' ? (
            <FormText
              formRef={formRef}
              field="repeat_duration_until"
              label={t('fields.repeat_duration_until')}
              type="date"
              required
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
