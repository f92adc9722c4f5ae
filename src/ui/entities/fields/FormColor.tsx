import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../../machines/entity-form/entity-form.selectors';
import { cx } from '../../kit/class-names';
import { FieldErrorText } from '../../kit/FieldErrorText';
import { inputClasses } from '../../kit/TextField';
import type { FormRef } from '../form-types';

/** Props of {@link FormColor}. */
export interface FormColorProps {
  formRef: FormRef;
  field: string;
  label: string;
  /** Quick choices shown as swatches. */
  palette?: readonly string[];
  className?: string;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: the native picker, the hex code as text, and a palette of swatches. */
export function FormColor({ formRef, field, label, palette = [], className }: FormColorProps) {
  const id = useId();
  const value = String(useSelector(formRef, selectFormValue(field)) ?? '');
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  const set = (next: string) => formRef.send({ type: 'field.change', field, value: next });
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-[13px] font-medium text-ink">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-hidden="true"
          tabIndex={-1}
          value={HEX.test(value) ? value : '#000000'}
          onChange={(event) => set(event.target.value)}
          disabled={locked}
          className="h-9 w-10 cursor-pointer rounded-md border border-line bg-surface p-0.5"
        />
        <input
          id={id}
          name={field}
          value={value}
          onChange={(event) => set(event.target.value)}
          disabled={locked}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cx(inputClasses(Boolean(error)), 'w-32 font-mono')}
        />
      </div>
      {palette.length ? (
        <div className="mt-2 flex flex-wrap gap-1.5">
          {palette.map((colour) => (
            <button
              key={colour}
              type="button"
              disabled={locked}
              aria-label={colour}
              aria-pressed={colour.toLowerCase() === value.toLowerCase()}
              onClick={() => set(colour)}
              className="size-6 rounded-full border border-ink/10 aria-pressed:ring-2 aria-pressed:ring-brand-500 aria-pressed:ring-offset-1"
              style={{ background: colour }}
            />
          ))}
        </div>
      ) : null}
      <FieldErrorText error={error} id={`${id}-error`} />
    </div>
  );
}
