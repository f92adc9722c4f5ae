import { type ReactNode, useId } from 'react';
import { cx } from './class-names';

/** Props of {@link Card}. */
export interface CardProps {
  /** Heading of the card (a level-2 heading that names the region). */
  title?: ReactNode;
  /** Controls at the right of the heading. */
  actions?: ReactNode;
  /** Bottom bar, usually form buttons. */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A bordered surface that groups related content. */
export function Card({ title, actions, footer, children, className }: CardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={cx('rounded-lg border border-line bg-surface shadow-xs', className)}
    >
      {title || actions ? (
        <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-2.5">
          {title ? (
            <h2 id={headingId} className="text-sm font-semibold text-ink">
              {title}
            </h2>
          ) : (
            <span />
          )}
          {actions}
        </header>
      ) : null}
      <div className="p-4">{children}</div>
      {footer ? (
        <footer className="flex items-center justify-end gap-2 border-t border-line px-4 py-2.5">{footer}</footer>
      ) : null}
    </section>
  );
}
