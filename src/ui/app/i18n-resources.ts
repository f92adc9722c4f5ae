import type { i18n, Resource } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/constants';
import { buildResources, createI18nWith } from './i18n-core';

export { buildResources, NAMESPACES, type Namespace } from './i18n-core';

/**
 * Every language, loaded eagerly: for tests and Storybook, which switch
 * language synchronously. The console itself loads languages other than the
 * default on demand (`i18n-app.ts`).
 */
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** i18next resources built from the locale files, `{ en: { common: {...}, ... }, ru: {...} }`. */
export const LOCALE_RESOURCES: Resource = buildResources(files);

/** A ready i18next instance with every language (synchronous init, English fallback). */
export function createI18n(locale: Language = DEFAULT_LANGUAGE): i18n {
  return createI18nWith(LOCALE_RESOURCES, locale);
}
