import type { ReactNode } from 'react';

/** Props of {@link AuthCard}. */
export interface AuthCardProps {
  /** The page heading (h1). */
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The narrow centred card of the logged-out pages. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <div className="flex min-h-full items-start justify-center pt-[8vh]">
      <div className="w-full max-w-sm rounded-lg border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-ink">{title}</h1>
        {subtitle ? <p className="mt-1 mb-5 text-sm text-muted">{subtitle}</p> : <div className="mb-5" />}
        {children}
      </div>
    </div>
  );
}
