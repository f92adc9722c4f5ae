import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filter } from '../../contract/filters';
import { Button } from '../kit/Button';
import { Icon } from '../kit/icons';
import { TextField } from '../kit/TextField';
import { filterButtonClasses } from './filter-styles';
import { type DateFilterDef, dayBound, dayOf } from './filters';

/** Props of {@link DateFilter}. */
export interface DateFilterProps {
  def: DateFilterDef;
  current: Filter | undefined;
  onChange: (entry: Filter | null) => void;
}

/** One end of a date range (from / to a day), in a small popover with Apply and Clear. */
export function DateFilter({ def, current, onChange }: DateFilterProps) {
  const { t } = useTranslation('lists');
  const day = dayOf(current?.value);
  return (
    <Popover className="relative">
      <PopoverButton className={filterButtonClasses(Boolean(day))}>
        <span className="truncate">{day ? `${def.label}: ${day}` : def.label}</span>
        <Icon name="chevronDown" className="size-3.5" />
      </PopoverButton>
      <PopoverPanel className="absolute left-0 z-30 mt-1 w-64 rounded-md border border-line bg-surface p-3 shadow-lg">
        {({ close }) => (
          <DateForm
            label={def.label}
            initial={day}
            applyLabel={t('filters.apply')}
            clearLabel={t('filters.clear')}
            onApply={(value) => {
              const instant = value ? dayBound(value, def.rule) : null;
              onChange(instant ? { field: def.field, rule: def.rule, value: instant } : null);
              close();
            }}
          />
        )}
      </PopoverPanel>
    </Popover>
  );
}

/** The popover's form: the day is local until Apply (the list reloads once). */
function DateForm(props: {
  label: string;
  initial: string;
  applyLabel: string;
  clearLabel: string;
  onApply: (day: string) => void;
}) {
  const [day, setDay] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply(day);
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <TextField label={props.label} type="date" value={day} onChange={(e) => setDay(e.target.value)} autoFocus />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={() => props.onApply('')}>
          {props.clearLabel}
        </Button>
        <Button size="sm" variant="primary" type="submit">
          {props.applyLabel}
        </Button>
      </div>
    </form>
  );
}
