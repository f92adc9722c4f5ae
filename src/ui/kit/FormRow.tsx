import type { ReactNode } from 'react';
import { cx } from './class-names';

/** Props of {@link FormRow}. */
export interface FormRowProps {
  /** Fields side by side on wide screens; one column on narrow ones. */
  columns?: 1 | 2 | 3;
  children: ReactNode;
  className?: string;
}

const COLUMNS = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' } as const;

/** A row of form fields on a grid. */
export function FormRow({ columns = 2, children, className }: FormRowProps) {
  return <div className={cx('grid grid-cols-1 gap-x-4 gap-y-3', COLUMNS[columns], className)}>{children}</div>;
}
