import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { selectProfileName, selectProjectName, selectSettings } from '../../machines/session/session.selectors';
import { useSessionActor } from '../app/actor-context';
import { Icon } from '../kit/icons';
import { AppStoreQrDialog } from './AppStoreQrDialog';
import { menuItemClasses, menuPanelClasses, topBarButtonClasses } from './menu-styles';

/** Initials for the avatar circle ("Alex Admin" → "AA"). */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The profile menu: who is logged in and to which project, the profile page, the mobile app, and logout. */
export function ProfileMenu() {
  const { t } = useTranslation('shell');
  const session = useSessionActor();
  const name = useSelector(session, selectProfileName) ?? '';
  const project = useSelector(session, selectProjectName);
  const links = useSelector(session, (s) => selectSettings(s)?.mobile_apps ?? null);
  const [appStore, setAppStore] = useState(false);
  return (
    <Menu as="div" className="relative">
      <AppStoreQrDialog open={appStore} links={links} onClose={() => setAppStore(false)} />
      <MenuButton aria-label={t('profileMenu.label')} className={topBarButtonClasses}>
        <span className="inline-flex size-6 items-center justify-center rounded-full bg-brand-100 text-[11px] font-semibold text-brand-700">
          {initialsOf(name)}
        </span>
        <span className="hidden max-w-40 truncate text-sm text-ink md:inline">{name}</span>
        <Icon name="chevronDown" className="size-3.5" />
      </MenuButton>
      <MenuItems className={menuPanelClasses}>
        <div className="border-b border-line px-3 py-2">
          <p className="truncate text-sm font-medium text-ink">{name}</p>
          {project ? <p className="truncate text-xs text-muted">{project}</p> : null}
        </div>
        <MenuItem>
          <Link to="/profile" className={menuItemClasses}>
            <Icon name="user" />
            {t('profileMenu.profile')}
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" className={menuItemClasses} onClick={() => setAppStore(true)}>
            <Icon name="phone" />
            {t('appStore.menu')}
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" className={menuItemClasses} onClick={() => session.send({ type: 'session.logout' })}>
            <Icon name="logout" />
            {t('profileMenu.logout')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
