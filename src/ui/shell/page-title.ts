import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { RouteHandle, TitleSpec } from '../app/route-table';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A route title in the current language (`{{entity}}` filled for add/edit pages). */
export function translateTitle(t: Translate, title: TitleSpec): string {
  return title.entity ? t(title.key, { entity: t(title.entity) }) : t(title.key);
}

/** The deepest matched route's title, or the product name. */
export function usePageTitle(): string {
  const { t } = useTranslation(['menu', 'shell', 'common']);
  const matches = useMatches();
  const handle = matches
    .map((m) => m.handle as RouteHandle | undefined)
    .filter((h): h is RouteHandle => Boolean(h?.title))
    .at(-1);
  return handle ? translateTitle(t as Translate, handle.title) : t('common:appName');
}

/** Keeps the browser tab's title in step with the page. */
export function useDocumentTitle(title: string, appName: string): void {
  useEffect(() => {
    document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [title, appName]);
}
