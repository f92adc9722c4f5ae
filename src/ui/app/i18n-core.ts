import i18next, { type BackendModule, type i18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/constants';

/** Every namespace the console ships, one JSON file per locale in `locales/<lng>/<ns>.json`. */
export const NAMESPACES = [
  'common',
  'session',
  'shell',
  'menu',
  'home',
  'profile',
  'errors',
  'lists',
  'markers',
  'users',
  'roles',
  'registration',
  'groups',
  'conversations',
  'announces',
  'emergency',
  'notifications',
  'numbers',
  'forwarding',
  'trunks',
  'calls',
  'ipBlocking',
  'deviceTasks',
  'dialer',
  'elevators',
  'accessRules',
  'devices',
  'deviceEvents',
  'alarms',
  'deviceSearch',
  'remoteControl',
  'identifiers',
  'schedules',
  'accessMatrix',
  'amenities',
  'accessEvents',
  'ukey2',
  'guestAccess',
  'licences',
  'settings',
  'audit',
  'system',
  'backups',
  'integrations',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** How an instance gets namespaces it was not given (the console's; tests and stories give every one). */
export interface I18nLoading {
  /** The namespaces loaded at start (default: all of them, from `resources`). */
  namespaces?: readonly Namespace[];
  /** Where the others come from. */
  backend?: BackendModule;
}

/** Turns `{ '.../locales/en/common.json': {...} }` into i18next resources. */
export function buildResources(found: Record<string, Record<string, unknown>>): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(found)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    resources[lng] = { ...resources[lng], [ns]: content };
  }
  return resources;
}

/**
 * A ready i18next instance (synchronous init, resources inline, English fallback).
 * It is also registered with react-i18next, so `useTranslation` works without a
 * provider; tests and stories still wrap their tree in `I18nextProvider`.
 */
export function createI18nWith(
  resources: Resource,
  locale: Language = DEFAULT_LANGUAGE,
  options: I18nLoading = {},
): i18n {
  const instance = i18next.createInstance();
  if (options.backend) instance.use(options.backend);
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...(options.namespaces ?? NAMESPACES)],
    // With a backend, namespaces missing from `resources` come from it (a component suspends meanwhile).
    partialBundledLanguages: Boolean(options.backend),
    defaultNS: 'common',
    resources,
    initAsync: false,
    // React escapes text already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
