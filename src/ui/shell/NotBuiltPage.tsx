import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TitleSpec } from '../app/route-table';
import { buttonClasses } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';
import { translateTitle } from './page-title';

/** Props of {@link NotBuiltPage}. */
export interface NotBuiltPageProps {
  /** The route's title, named in the message. */
  title: TitleSpec;
  /** The route pattern, shown small for support. */
  path: string;
}

/** A route of 2.1 whose area is not built yet. */
export function NotBuiltPage({ title, path }: NotBuiltPageProps) {
  const { t } = useTranslation(['shell', 'menu']);
  const name = translateTitle(t as (key: string, options?: Record<string, unknown>) => string, title);
  return (
    <EmptyState
      as="heading"
      title={t('shell:notBuilt.title')}
      description={
        <>
          {t('shell:notBuilt.message', { name })}
          <code className="mt-2 block text-xs text-muted">{path}</code>
        </>
      }
      action={
        <Link to="/home" className={buttonClasses('secondary')}>
          {t('shell:notFound.home')}
        </Link>
      }
      className="py-20"
    />
  );
}
