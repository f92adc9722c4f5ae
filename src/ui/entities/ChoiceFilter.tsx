import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import type { Filter } from '../../contract/filters';
import { Icon } from '../kit/icons';
import { menuItemClasses, menuPanelClasses } from '../shell/menu-styles';
import { filterButtonClasses } from './filter-styles';
import type { ChoiceFilterDef } from './filters';

/** Props of {@link ChoiceFilter}. */
export interface ChoiceFilterProps {
  def: ChoiceFilterDef;
  current: Filter | undefined;
  onChange: (entry: Filter | null) => void;
}

/** A filter among a few choices (enum, yes/no, set/not set), as a menu with "any". */
export function ChoiceFilter({ def, current, onChange }: ChoiceFilterProps) {
  const { t } = useTranslation('lists');
  const chosen = current ? def.choices.find((c) => c.value === current.value) : undefined;
  return (
    <Menu as="div" className="relative">
      <MenuButton className={filterButtonClasses(Boolean(chosen))}>
        <span className="truncate">{chosen ? `${def.label}: ${chosen.label}` : def.label}</span>
        <Icon name="chevronDown" className="size-3.5" />
      </MenuButton>
      <MenuItems className={menuPanelClasses.replace('right-0', 'left-0')}>
        <MenuItem>
          <button type="button" className={menuItemClasses} onClick={() => onChange(null)}>
            <span className="flex-1 text-left">{t('filters.any')}</span>
            {!chosen ? <Icon name="check" className="text-brand-600" /> : null}
          </button>
        </MenuItem>
        {def.choices.map((choice) => (
          <MenuItem key={String(choice.value)}>
            <button
              type="button"
              className={menuItemClasses}
              onClick={() => onChange({ field: def.field, rule: def.rule, value: choice.value })}
            >
              <span className="flex-1 text-left">{choice.label}</span>
              {chosen === choice ? <Icon name="check" className="text-brand-600" /> : null}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
