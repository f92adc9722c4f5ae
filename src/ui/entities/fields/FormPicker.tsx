import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filter } from '../../../contract/filters';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../../machines/entity-form/entity-form.selectors';
import type { ListRow } from '../../../machines/entity-list/entity-list.machine';
import type { PickerMachine } from '../../../machines/picker/picker.machine';
import { Button } from '../../kit/Button';
import { FieldErrorText } from '../../kit/FieldErrorText';
import { Icon } from '../../kit/icons';
import type { FormRef } from '../form-types';
import { PickerDialog } from '../PickerDialog';
import type { OptionText } from '../PickerView';

/** Props of {@link FormPicker}. */
export interface FormPickerProps {
  formRef: FormRef;
  /** The field holds rows (`{ id, name, … }`): a list when `multiple`, else one row or null. */
  field: string;
  label: string;
  multiple?: boolean;
  required?: boolean;
  picker: PickerMachine;
  pickerTitle: string;
  searchLabel: string;
  describe: (row: ListRow) => OptionText;
  /** Fixed filters of the picker (e.g. group admins). */
  baseFilters?: Filter[];
  className?: string;
}

const rowsOf = (value: unknown): ListRow[] =>
  Array.isArray(value) ? (value as ListRow[]) : value ? [value as ListRow] : [];

/** A related-entity field: chips of what is chosen, and a button that opens the entity's picker (2.5). */
export function FormPicker(props: FormPickerProps) {
  const { formRef, field, label, multiple = false, describe } = props;
  const { t } = useTranslation('lists');
  const id = useId();
  const [open, setOpen] = useState(false);
  const rows = rowsOf(useSelector(formRef, selectFormValue(field)));
  const error = useSelector(formRef, selectFieldError(field));
  const locked = useSelector(formRef, selectIsLocked);
  const set = (next: ListRow[]) =>
    formRef.send({ type: 'field.change', field, value: multiple ? next : (next[0] ?? null) });

  return (
    <fieldset className={props.className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 flex items-baseline gap-0.5 text-[13px] font-medium text-ink">
        {label}
        {props.required ? (
          <span aria-hidden="true" className="text-danger-600">
            *
          </span>
        ) : null}
      </legend>
      <div
        className={`flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border px-1.5 py-1 ${error ? 'border-danger-600' : 'border-line'}`}
      >
        {rows.map((row) => {
          const text = describe(row);
          return (
            <span
              key={row.id}
              className="inline-flex max-w-60 items-center gap-1 rounded bg-canvas px-2 py-0.5 text-[13px] text-ink"
            >
              {text.swatch ? (
                <span aria-hidden="true" className="size-2.5 rounded-full" style={{ background: text.swatch }} />
              ) : null}
              <span className="truncate">{text.primary}</span>
              {locked ? null : (
                <button
                  type="button"
                  aria-label={t('picker.remove', { name: text.primary })}
                  onClick={() => set(rows.filter((r) => r.id !== row.id))}
                  className="rounded text-muted hover:text-ink"
                >
                  <Icon name="close" className="size-3" />
                </button>
              )}
            </span>
          );
        })}
        {rows.length === 0 ? <span className="px-1 text-[13px] text-muted">{t('picker.none')}</span> : null}
        {locked ? null : (
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto"
            aria-label={t('picker.openNamed', { name: label })}
            onClick={() => setOpen(true)}
          >
            {t('picker.open')}
          </Button>
        )}
      </div>
      <FieldErrorText error={error} id={`${id}-error`} />
      <PickerDialog
        open={open}
        title={props.pickerTitle}
        machine={props.picker}
        input={{ multiple, selected: rows, baseFilters: props.baseFilters }}
        describe={describe}
        searchLabel={props.searchLabel}
        onClose={() => setOpen(false)}
        onConfirm={(chosen) => {
          setOpen(false);
          set(chosen);
        }}
      />
    </fieldset>
  );
}
