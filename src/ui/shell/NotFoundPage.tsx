import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { buttonClasses } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';

/** An unknown path (2.1); it is only reached behind login. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <EmptyState
      as="heading"
      title={t('notFound.title')}
      description={t('notFound.message', { path: pathname })}
      action={
        <Link to="/home" className={buttonClasses('primary')}>
          {t('notFound.home')}
        </Link>
      }
      className="py-20"
    />
  );
}
