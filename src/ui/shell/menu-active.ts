import type { MenuCategory } from '../../contract/menu';

/**
 * The menu entry to highlight for a path: the longest visible entry that is the
 * path or a parent of it (`/devices/5/edit` → `/devices`, `/devices/events` →
 * `/devices/events`).
 */
export function activeMenuPath(menu: readonly MenuCategory[], pathname: string): string | null {
  let best: string | null = null;
  for (const category of menu) {
    for (const { path } of category.entries) {
      const matches = pathname === path || pathname.startsWith(`${path}/`);
      if (matches && (best === null || path.length > best.length)) best = path;
    }
  }
  return best;
}
