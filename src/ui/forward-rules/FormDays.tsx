import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, type WeekDay } from '../../contract/entities/forward-rule';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { FieldErrorText } from '../kit/FieldErrorText';

const selectDays = selectFormValue('days');
const selectDaysError = selectFieldError('days');

/** The week days a rule set applies on, as seven toggles (none means every day). */
export function FormDays({ formRef, label, hint }: { formRef: FormRef; label: string; hint: string }) {
  const { t } = useTranslation('forwarding');
  const id = useId();
  const days = (useSelector(formRef, selectDays) as WeekDay[] | undefined) ?? [];
  const error = useSelector(formRef, selectDaysError);
  const locked = useSelector(formRef, selectIsLocked);
  const toggle = (day: WeekDay) => {
    const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
    formRef.send({ type: 'field.change', field: 'days', value: WEEK_DAYS.filter((d) => next.includes(d)) });
  };
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="mb-1 text-[13px] font-medium text-ink">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {WEEK_DAYS.map((day) => (
          <label
            key={day}
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-line px-2 py-1 text-[13px] has-checked:border-brand-500 has-checked:bg-brand-50"
          >
            <input
              type="checkbox"
              className="size-3.5 accent-brand-600"
              checked={days.includes(day)}
              disabled={locked}
              onChange={() => toggle(day)}
            />
            {t(`days.${day}`)}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {hint}
      </p>
      <FieldErrorText error={error} />
    </fieldset>
  );
}
