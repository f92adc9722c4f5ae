import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../contract/errors';
import { PickerDialog } from '../entities/PickerDialog';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { FieldErrorText } from '../kit/FieldErrorText';
import { Icon } from '../kit/icons';

type Rule = { id: number; name: string };

/** A guest key's rules: chips of the chosen ones and the available-access-rules picker (2.5, no load more). */
export function RulesField(props: {
  label: string;
  hint: string;
  rules: Rule[];
  picker: PickerSpec;
  error?: FieldError | null;
  disabled?: boolean;
  onChange: (rules: Rule[]) => void;
}) {
  const { t } = useTranslation(['guestAccess', 'lists']);
  const id = useId();
  const [open, setOpen] = useState(false);
  const { rules, error, disabled } = props;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 text-[13px] font-medium text-ink">{props.label}</legend>
      <div
        className={`flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border px-1.5 py-1 ${error ? 'border-danger-600' : 'border-line'}`}
      >
        {rules.length === 0 ? (
          <span className="px-1 text-[13px] text-muted">{t('guestAccess:form.noRules')}</span>
        ) : null}
        {rules.map((rule) => (
          <span
            key={rule.id}
            className="inline-flex items-center gap-1 rounded bg-canvas px-2 py-0.5 text-[13px] text-ink"
          >
            {rule.name}
            {disabled ? null : (
              <button
                type="button"
                aria-label={t('lists:picker.remove', { name: rule.name })}
                onClick={() => props.onChange(rules.filter((r) => r.id !== rule.id))}
                className="rounded text-muted hover:text-ink"
              >
                <Icon name="close" className="size-3" />
              </button>
            )}
          </span>
        ))}
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          disabled={disabled}
          aria-label={t('lists:picker.openNamed', { name: props.label })}
          onClick={() => setOpen(true)}
        >
          {t('lists:picker.open')}
        </Button>
      </div>
      {error ? null : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {props.hint}
        </p>
      )}
      <FieldErrorText error={error} id={`${id}-error`} />
      <PickerDialog
        open={open}
        title={props.picker.title}
        machine={props.picker.machine}
        input={{ multiple: true, selected: rules }}
        describe={props.picker.describe}
        searchLabel={props.picker.searchLabel}
        onConfirm={(rows) => {
          props.onChange(rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? '') })));
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </fieldset>
  );
}
