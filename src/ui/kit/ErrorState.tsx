import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../../machines/session/session.types';
import { Button } from './Button';
import { cx } from './class-names';
import { failureKind } from './failure-kind';

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  /** What failed, e.g. "The dashboard could not be loaded". */
  title: ReactNode;
  /** The translated reason (see translateError). */
  message?: ReactNode;
  /**
   * The failure itself: when given, a retry is offered only if it is transient
   * (network, timeout, 5xx), and a missing item says "not found" instead of the title.
   */
  failure?: CallFailure | null;
  /** Offers a retry button when given (and the failure, if told, is transient). */
  onRetry?: () => void;
  /** Shows the retry button as busy. */
  retrying?: boolean;
  /** A way back (to the list) for failures a retry cannot mend. */
  back?: { label: string; onClick: () => void };
  className?: string;
}

/** A failure in place of content, with a way to try again when trying again can help, else a way back. */
export function ErrorState({ title, message, failure, onRetry, retrying, back, className }: ErrorStateProps) {
  const { t } = useTranslation('common');
  const kind = failure === undefined ? 'transient' : failureKind(failure);
  const retry = onRetry && kind === 'transient' ? onRetry : undefined;
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-center rounded-lg border border-danger-600/30 bg-danger-50 px-6 py-8 text-center',
        className,
      )}
    >
      <p className="text-sm font-semibold text-danger-700">{kind === 'notFound' ? t('state.notFound') : title}</p>
      {kind === 'notFound' || message ? (
        <p className="mt-1 text-sm text-ink">{kind === 'notFound' ? t('state.notFoundHint') : message}</p>
      ) : null}
      {retry || back ? (
        <div className="mt-4 flex gap-2">
          {back ? (
            <Button variant={retry ? 'ghost' : 'primary'} onClick={back.onClick}>
              {back.label}
            </Button>
          ) : null}
          {retry ? (
            <Button onClick={retry} loading={retrying}>
              {t('actions.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
