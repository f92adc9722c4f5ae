import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { cx } from '../kit/class-names';
import { FieldErrorText } from '../kit/FieldErrorText';

/** One choice of a {@link ChoiceSet}. */
export interface Choice<V extends string | number> {
  value: V;
  /** What the button shows. */
  label: string;
  /** Its accessible name, when the label is short ("Mon" → "Monday"). */
  name?: string;
}

/** Props of {@link ChoiceSet}. */
export interface ChoiceSetProps<V extends string | number> {
  formRef: FormRef;
  /** A form field holding a list of the values. */
  field: string;
  legend: string;
  hint?: string;
  choices: readonly Choice<V>[];
  /** Small square buttons (days of the month). */
  compact?: boolean;
}

/** Several of a few fixed values (weekdays, months, days of the month) as toggle buttons bound to a list field. */
export function ChoiceSet<V extends string | number>({
  formRef,
  field,
  legend,
  hint,
  choices,
  compact,
}: ChoiceSetProps<V>) {
  const value = (useSelector(formRef, selectFormValue(field)) as V[] | undefined) ?? [];
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  const errorId = useId();
  const toggle = (choice: V) => {
    const next = value.includes(choice) ? value.filter((v) => v !== choice) : [...value, choice];
    formRef.send({ type: 'field.change', field, value: next });
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-[13px] font-medium text-ink">{legend}</legend>
      <div className={cx('flex flex-wrap gap-1', compact && 'max-w-[19rem]')}>
        {choices.map((choice) => {
          const on = value.includes(choice.value);
          return (
            <button
              key={String(choice.value)}
              type="button"
              aria-pressed={on}
              aria-label={choice.name}
              disabled={locked}
              onClick={() => toggle(choice.value)}
              className={cx(
                'rounded-md border text-[13px] transition-colors disabled:opacity-60',
                compact ? 'h-8 w-9 tabular-nums' : 'h-8 px-2.5',
                on ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-ink hover:bg-ink/5',
                error && !on && 'border-danger-600',
              )}
            >
              {choice.label}
            </button>
          );
        })}
      </div>
      {hint && !error ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <FieldErrorText error={error} id={errorId} />
    </fieldset>
  );
}
