import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { ErrorState } from '../kit/ErrorState';

/** Whether an error is a failed lazy chunk (a new deployment, a dropped connection). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|loading chunk|importing a module script failed/i.test(message);
}

/** Shown when a route throws while rendering or a page's code cannot be loaded (8.1). */
export function RouteErrorPage() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  console.error(error);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <ErrorState
        title={isChunkLoadError(error) ? t('routeError.chunk') : t('routeError.title')}
        message={t('routeError.hint')}
        onRetry={() => window.location.reload()}
      />
    </div>
  );
}
