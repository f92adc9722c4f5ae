import { useMemo } from 'react';
import { cx } from './class-names';
import { sanitizeHtml } from './sanitize-html';

/** Props of {@link SafeHtml}. */
export interface SafeHtmlProps {
  /** Untrusted HTML from the server; it is sanitised before rendering. */
  html: string;
  className?: string;
}

/** Renders server HTML through an allow-list sanitiser, with readable prose styles. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={cx(
        'max-w-3xl text-sm leading-relaxed text-ink',
        '[&_a]:text-brand-600 [&_a]:underline [&_h1]:mb-3 [&_h1]:text-lg [&_h1]:font-semibold',
        '[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-3 [&_ul]:list-disc',
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allow list just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
