/** Shared looks of the top bar's buttons and their drop-down panels. */
export const topBarButtonClasses =
  'relative inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-muted hover:bg-canvas hover:text-ink data-open:bg-canvas data-open:text-ink';

export const menuPanelClasses =
  'absolute right-0 z-30 mt-1 min-w-44 rounded-md border border-line bg-surface py-1 shadow-lg focus:outline-none';

export const menuItemClasses =
  'flex w-full items-center gap-2 px-3 py-1.5 text-sm text-ink data-focus:bg-canvas data-focus:text-brand-700';
