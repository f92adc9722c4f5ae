import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../contract/constants';
import { selectLocale } from '../../machines/app/app.selectors';
import { useAppActor } from '../app/actor-context';
import { Icon } from '../kit/icons';
import { menuItemClasses, menuPanelClasses, topBarButtonClasses } from './menu-styles';

/** Switches the interface language (en, ru) at any time; the app actor applies and stores it. */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const app = useAppActor();
  const locale = useSelector(app, selectLocale);
  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label={t('language.label')} className={topBarButtonClasses}>
        <Icon name="globe" />
        <span className="text-xs font-semibold uppercase">{locale}</span>
      </MenuButton>
      <MenuItems className={menuPanelClasses}>
        {LANGUAGES.map((lng) => (
          <MenuItem key={lng}>
            <button
              type="button"
              lang={lng}
              className={menuItemClasses}
              onClick={() => app.send({ type: 'locale.change', locale: lng })}
            >
              <span className="flex-1 text-left">{t(`languageNames.${lng}`)}</span>
              {lng === locale ? <Icon name="check" className="text-brand-600" /> : null}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
