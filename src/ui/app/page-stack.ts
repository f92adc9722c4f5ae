/**
 * The page stack of 2.4: a page opened with `openPage` gets a fresh `pageId`
 * query parameter, and we remember which location opened it; closing the page
 * returns there, else to a back-to path, else /home. The stack lives in
 * sessionStorage (key `pageStack`) so a reload keeps the way back.
 * This module is pure; `usePageStack` binds it to the router and storage.
 */
export const PAGE_ID_PARAM = 'pageId';
export const PAGE_STACK_KEY = 'pageStack';
/** Keep the stored map small: older entries are dropped past this many. */
export const PAGE_STACK_LIMIT = 50;

/** pageId → the location (path + query) that opened it, oldest first. */
export type PageStack = Record<string, string>;

/** Minimal storage the stack needs (sessionStorage in the browser). */
export type StackStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readStack(storage: StackStorage): PageStack {
  try {
    const value = JSON.parse(storage.getItem(PAGE_STACK_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as PageStack) : {};
  } catch {
    return {};
  }
}

export function writeStack(storage: StackStorage, stack: PageStack): void {
  storage.setItem(PAGE_STACK_KEY, JSON.stringify(stack));
}

/** `path` with `pageId=<id>` set (replacing any previous one), keeping its query and hash. */
export function withPageId(path: string, pageId: string): string {
  const [beforeHash, hash = ''] = path.split('#', 2) as [string, string?];
  const [pathname, query = ''] = beforeHash.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(PAGE_ID_PARAM, pageId);
  return `${pathname}?${params}${hash ? `#${hash}` : ''}`;
}

/** The pageId of a query string, if any. */
export function pageIdOf(search: string): string | null {
  return new URLSearchParams(search).get(PAGE_ID_PARAM);
}

/** The stack after opening page `pageId` from `from`. */
export function pushPage(stack: PageStack, pageId: string, from: string): PageStack {
  const entries = Object.entries({ ...stack, [pageId]: from });
  return Object.fromEntries(entries.slice(-PAGE_STACK_LIMIT));
}

/** Where closing the current page goes, and the stack without it. */
export function closeTarget(
  stack: PageStack,
  currentSearch: string,
  backTo?: string,
): { to: string; stack: PageStack } {
  const pageId = pageIdOf(currentSearch);
  const from = pageId ? stack[pageId] : undefined;
  if (pageId && from !== undefined) {
    const { [pageId]: _, ...rest } = stack;
    return { to: from, stack: rest };
  }
  return { to: backTo ?? '/home', stack };
}

/** A short random page id. */
export function newPageId(random: () => number = Math.random): string {
  return random().toString(36).slice(2, 10).padEnd(8, '0');
}
