import type { ReactNode } from 'react';
import { cx } from './class-names';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link that moves the user on. */
  action?: ReactNode;
  /** `heading` renders the title as an h1 (whole-page states). */
  as?: 'heading' | 'text';
  className?: string;
}

/** A calm message where content would be: nothing here yet, nothing found, not available. */
export function EmptyState({ title, description, icon, action, as = 'text', className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center px-6 py-10 text-center', className)}>
      {icon ? <div className="mb-3 text-muted">{icon}</div> : null}
      {as === 'heading' ? (
        <h1 className="text-base font-semibold text-ink">{title}</h1>
      ) : (
        <p className="text-sm font-medium text-ink">{title}</p>
      )}
      {description ? <p className="mt-1 max-w-md text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
