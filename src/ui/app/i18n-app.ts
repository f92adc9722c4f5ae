import type { i18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/constants';
import { buildResources, createI18nWith } from './i18n-core';

/**
 * The console's i18n: the default language (also the fallback) ships with the
 * page; every other language is a chunk of its own, loaded when it is first
 * chosen, so the login page does not carry translations its user never reads.
 */
const defaultFiles = import.meta.glob<Record<string, unknown>>('../../../locales/en/*.json', {
  eager: true,
  import: 'default',
});
/** The other languages, each one chunk of all its namespaces (one request when it is chosen). */
const bundles: Partial<Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>>> = {
  ru: () => import('./locale-bundles/ru'),
};

/** The language's locale files, loaded and added to `instance` unless they are there already. */
async function loadLanguage(instance: i18n, locale: Language): Promise<void> {
  const bundle = bundles[locale];
  if (!bundle || instance.hasResourceBundle(locale, 'common')) return;
  const { default: files } = await bundle();
  for (const [ns, content] of Object.entries(buildResources(files)[locale] ?? {}))
    instance.addResourceBundle(locale, ns, content, true, true);
}

/**
 * An i18next instance with the default language, and `switchTo`, which loads a
 * language if needed and then switches to it. When switches overlap, the last
 * one asked for wins; a language that fails to load leaves the current one.
 */
export function createAppI18n() {
  const instance = createI18nWith(buildResources(defaultFiles), DEFAULT_LANGUAGE);
  let wanted: Language = DEFAULT_LANGUAGE;
  const switchTo = async (locale: Language): Promise<void> => {
    wanted = locale;
    try {
      await loadLanguage(instance, locale);
    } catch (error) {
      console.warn(`could not load the ${locale} translations`, error);
      return;
    }
    if (wanted === locale) await instance.changeLanguage(locale);
  };
  return { i18n: instance, switchTo };
}
