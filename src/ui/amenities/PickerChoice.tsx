import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { PickerDialog } from '../entities/PickerDialog';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';

/** Props of {@link PickerChoice}. */
export interface PickerChoiceProps {
  label: string;
  /** What is chosen, as it reads (or the text of nothing chosen). */
  value: string;
  picker: PickerSpec;
  disabled?: boolean;
  onChoose: (row: ListRow) => void;
  /** An extra action beside Choose (back to oneself). */
  extra?: { label: string; onClick: () => void } | null;
}

/** One choice made with a picker of 2.5, outside an entity form (the amenity and the holder of a booking). */
export function PickerChoice({ label, value, picker, disabled, onChoose, extra }: PickerChoiceProps) {
  const { t } = useTranslation('lists');
  const [open, setOpen] = useState(false);
  return (
    <div>
      <p className="mb-1 text-[13px] font-medium text-ink">{label}</p>
      <div className="flex min-h-9 items-center gap-2 rounded-md border border-line px-2.5 py-1">
        <span className="min-w-0 flex-1 truncate text-sm text-ink">{value}</span>
        {extra && !disabled ? (
          <Button size="sm" variant="ghost" onClick={extra.onClick}>
            {extra.label}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          disabled={disabled}
          aria-label={t('picker.openNamed', { name: label })}
          onClick={() => setOpen(true)}
        >
          {t('picker.open')}
        </Button>
      </div>
      <PickerDialog
        open={open}
        title={picker.title}
        machine={picker.machine}
        input={{ multiple: false, selected: [], baseFilters: picker.baseFilters }}
        describe={picker.describe}
        searchLabel={picker.searchLabel}
        onClose={() => setOpen(false)}
        onConfirm={(rows) => {
          setOpen(false);
          if (rows[0]) onChoose(rows[0]);
        }}
      />
    </div>
  );
}
