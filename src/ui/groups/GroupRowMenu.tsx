import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { cx } from '../kit/class-names';
import { menuItemClasses } from '../shell/menu-styles';

/** What a group's row menu can do; each entry shows only when the caller may do it. */
export type GroupAction =
  | 'edit'
  | 'whitelabel'
  | 'integrations'
  | 'addChild'
  | 'generate'
  | 'import'
  | 'export'
  | 'licence'
  | 'delete';
export const GROUP_ACTIONS: readonly GroupAction[] = [
  'edit',
  'whitelabel',
  'integrations',
  'addChild',
  'generate',
  'import',
  'export',
  'licence',
  'delete',
];

/**
 * The actions of one group in a drop-down (a Headless UI menu: Enter, Space or
 * the arrow keys open it, arrows move, Escape closes and gives focus back),
 * named "Actions for <group>" so each row's button says whose it is.
 */
export function GroupRowMenu(props: {
  name: string;
  actions: readonly GroupAction[];
  onAction: (action: GroupAction) => void;
  /** Only the focused row's button is a tab stop (the treegrid's one tab stop per row). */
  tabbable: boolean;
}) {
  const { t } = useTranslation('groups');
  if (props.actions.length === 0) return null;
  return (
    <Menu as="div" className="relative inline-block text-left">
      <MenuButton
        aria-label={t('menu.label', { name: props.name })}
        tabIndex={props.tabbable ? 0 : -1}
        className={cx(
          'inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-canvas hover:text-ink',
          'focus-visible:outline-2 focus-visible:outline-brand-600 data-open:bg-canvas data-open:text-ink',
        )}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4" fill="currentColor">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-30 min-w-52 rounded-md border border-line bg-surface py-1 shadow-lg [--anchor-gap:4px] focus:outline-none"
      >
        {props.actions.map((action) => (
          <MenuItem key={action}>
            <button type="button" className={menuItemClasses} onClick={() => props.onAction(action)}>
              {t(`menu.${action}`)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
