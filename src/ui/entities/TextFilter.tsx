import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filter } from '../../contract/filters';
import { Button } from '../kit/Button';
import { Icon } from '../kit/icons';
import { TextField } from '../kit/TextField';
import { filterButtonClasses } from './filter-styles';
import type { TextFilterDef } from './filters';

/** Props of {@link TextFilter}. */
export interface TextFilterProps {
  def: TextFilterDef;
  current: Filter | undefined;
  onChange: (entry: Filter | null) => void;
}

/** A text filter (contains by default) in a small popover with Apply and Clear. */
export function TextFilter({ def, current, onChange }: TextFilterProps) {
  const { t } = useTranslation('lists');
  const value = typeof current?.value === 'string' ? current.value : '';
  return (
    <Popover className="relative">
      <PopoverButton className={filterButtonClasses(Boolean(value))}>
        <span className="truncate">{value ? `${def.label}: ${value}` : def.label}</span>
        <Icon name="chevronDown" className="size-3.5" />
      </PopoverButton>
      <PopoverPanel className="absolute left-0 z-30 mt-1 w-64 rounded-md border border-line bg-surface p-3 shadow-lg">
        {({ close }) => (
          <TextFilterForm
            def={def}
            initial={value}
            onApply={(text) => {
              const trimmed = text.trim();
              onChange(trimmed ? { field: def.field, rule: def.rule ?? 'contains', value: trimmed } : null);
              close();
            }}
            applyLabel={t('filters.apply')}
            clearLabel={t('filters.clear')}
          />
        )}
      </PopoverPanel>
    </Popover>
  );
}

/** The popover's form: typing is local until Apply (the list reloads once). */
function TextFilterForm(props: {
  def: TextFilterDef;
  initial: string;
  onApply: (text: string) => void;
  applyLabel: string;
  clearLabel: string;
}) {
  const [text, setText] = useState(props.initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply(text);
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <TextField label={props.def.label} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
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
