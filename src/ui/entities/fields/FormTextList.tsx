import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../../machines/entity-form/entity-form.selectors';
import { Button } from '../../kit/Button';
import { FieldErrorText } from '../../kit/FieldErrorText';
import { Icon } from '../../kit/icons';
import { inputClasses } from '../../kit/TextField';
import type { FormRef } from '../form-types';

/** Props of {@link FormTextList}. */
export interface FormTextListProps {
  formRef: FormRef;
  /** The field holds a list of strings. */
  field: string;
  label: string;
  /** The label of item n (1-based), e.g. "Answer 2". */
  itemLabel: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
  emptyText: string;
  max: number;
  className?: string;
}

const listOf = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);

/** An ordered list of short texts (poll answers): edit, add, remove. */
export function FormTextList(props: FormTextListProps) {
  const { formRef, field } = props;
  const id = useId();
  const items = listOf(useSelector(formRef, selectFormValue(field)));
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  const set = (next: string[]) => formRef.send({ type: 'field.change', field, value: next });
  return (
    <fieldset className={props.className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-[13px] font-medium text-ink">{props.label}</legend>
      {items.length === 0 ? <p className="text-[13px] text-muted">{props.emptyText}</p> : null}
      <ol className="space-y-1.5">
        {items.map((item, index) => (
          // Positions are the identity of poll answers (answers are given by index).
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index} className="flex items-center gap-2">
            <span className="w-5 text-right text-[12px] text-muted">{index + 1}.</span>
            <input
              aria-label={props.itemLabel(index + 1)}
              value={item}
              disabled={locked}
              onChange={(event) => set(items.map((x, i) => (i === index ? event.target.value : x)))}
              className={inputClasses(Boolean(error) && item.trim() === '')}
            />
            {locked ? null : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={props.removeLabel(index + 1)}
                title={props.removeLabel(index + 1)}
                onClick={() => set(items.filter((_, i) => i !== index))}
              >
                <Icon name="close" className="size-3.5" />
              </Button>
            )}
          </li>
        ))}
      </ol>
      {locked || items.length >= props.max ? null : (
        <Button size="sm" variant="ghost" className="mt-1.5" onClick={() => set([...items, ''])}>
          {props.addLabel}
        </Button>
      )}
      <FieldErrorText error={error} id={`${id}-error`} />
    </fieldset>
  );
}
