import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../contract/constants';
import { selectLocale } from '../../machines/app/app.selectors';
import { useAppActor } from '../app/actor-context';
import { Icon } from '../kit/icons';

/**
 * Switches the interface language (en, ru) at any time; the app actor applies
 * and stores it. A native select: it is on the login page, where a menu
 * library would cost more than the page itself (first-load budget, issue 10),
 * and it gives keyboard and screen-reader behaviour for free.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const app = useAppActor();
  const locale = useSelector(app, selectLocale);
  return (
    <label className="relative inline-flex h-8 items-center rounded-md text-muted focus-within:bg-canvas focus-within:text-ink hover:bg-canvas hover:text-ink">
      <Icon name="globe" className="pointer-events-none absolute left-2" />
      <select
        aria-label={t('language.label')}
        value={locale}
        onChange={(e) => app.send({ type: 'locale.change', locale: e.target.value as Language })}
        className="h-8 cursor-pointer appearance-none rounded-md bg-transparent pr-2 pl-7 text-xs font-semibold uppercase focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng} className="normal-case">
            {t(`languageNames.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
