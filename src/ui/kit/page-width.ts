/**
 * The one page width rule of the console (src/ui/README.md, "Page widths"):
 * lists, tables and dashboards use the whole content area; forms, threads and
 * reading pages (terms, an announcement) use one readable column, centred.
 * Pages take their root's width from here, never their own max-w-*.
 */
export type PageWidth = 'full' | 'readable';

const CLASSES: Record<PageWidth, string> = {
  full: 'w-full',
  readable: 'mx-auto w-full max-w-4xl',
};

export const pageWidth = (width: PageWidth): string => CLASSES[width];
