import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageWidth } from '../../src/ui/kit/page-width';

/** One page width rule (src/ui/README.md): pages take their width from kit/page-width.ts, never a max-w of their own. */
const UI = join(__dirname, '../../src/ui');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.tsx') && !name.endsWith('.stories.tsx') ? [path] : [];
  });
// Boxes that are not pages: the profile-failure message and the route error page.
const NOT_PAGES = ['app/guard.tsx', 'shell/RouteErrorPage.tsx'];

describe('page widths', () => {
  it('lists are full width, forms and threads one readable column', () => {
    expect(pageWidth('full')).toBe('w-full');
    expect(pageWidth('readable')).toBe('mx-auto w-full max-w-4xl');
  });

  it('no page centres itself with a width of its own', () => {
    const own = files(UI)
      .map((path) => path.slice(UI.length + 1))
      .filter((path) => !NOT_PAGES.includes(path))
      .filter((path) => /mx-auto[^"'`]*max-w-|max-w-[^"'`]*mx-auto/.test(readFileSync(join(UI, path), 'utf8')));
    expect(own).toEqual([]);
  });
});
