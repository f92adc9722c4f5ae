import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cx } from './class-names';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  /** What failed, e.g. "The dashboard could not be loaded". */
  title: ReactNode;
  /** The translated reason (see translateError). */
  message?: ReactNode;
  /** Offers a retry button when given. */
  onRetry?: () => void;
  /** Shows the retry button as busy. */
  retrying?: boolean;
  className?: string;
}

/** A failure in place of content, with a way to try again. */
export function ErrorState({ title, message, onRetry, retrying, className }: ErrorStateProps) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-center rounded-lg border border-danger-600/30 bg-danger-50 px-6 py-8 text-center',
        className,
      )}
    >
      <p className="text-sm font-semibold text-danger-700">{title}</p>
      {message ? <p className="mt-1 text-sm text-ink">{message}</p> : null}
      {onRetry ? (
        <Button className="mt-4" onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      ) : null}
    </div>
  );
}
