import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatrixGroup } from '../../machines/access-matrix/access-matrix.machine';
import { filterButtonClasses } from '../entities/filter-styles';
import { PickerDialog } from '../entities/PickerDialog';
import type { PickerSpec } from '../entities/use-pickers';
import { Icon } from '../kit/icons';

/** Props of {@link GroupFilter}. */
export interface GroupFilterProps {
  group: MatrixGroup | null;
  /** The groups picker (2.5). */
  picker: PickerSpec;
  onChange: (group: MatrixGroup | null) => void;
}

/** The matrix's group filter: one group (its users and those of the groups below it), from the groups picker. */
export function GroupFilter({ group, picker, onChange }: GroupFilterProps) {
  const { t } = useTranslation('accessMatrix');
  const [open, setOpen] = useState(false);
  return (
    <>
      <span className="inline-flex items-center">
        <button type="button" className={filterButtonClasses(group !== null)} onClick={() => setOpen(true)}>
          <span className="truncate">{group ? `${t('group')}: ${group.name}` : t('group')}</span>
          {group ? <span className="w-4" /> : <Icon name="chevronDown" className="size-3.5" />}
        </button>
        {group ? (
          <button
            type="button"
            className="-ml-7 inline-flex size-6 items-center justify-center rounded text-brand-700 hover:bg-brand-100"
            aria-label={t('removeGroup')}
            onClick={() => onChange(null)}
          >
            <Icon name="close" className="size-3.5" />
          </button>
        ) : null}
      </span>
      <PickerDialog
        open={open}
        title={picker.title}
        machine={picker.machine}
        input={{ multiple: false, selected: group ? [{ id: group.id, name: group.name }] : [] }}
        describe={picker.describe}
        searchLabel={picker.searchLabel}
        onClose={() => setOpen(false)}
        onConfirm={(chosen) => {
          setOpen(false);
          const row = chosen[0];
          onChange(row ? { id: row.id, name: String(row.name) } : null);
        }}
      />
    </>
  );
}
