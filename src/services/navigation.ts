/**
 * Navigation as an effect: machines ask for a page (a notification's popup
 * action), the router carries it out. The router attaches itself once it
 * exists; before that (or without one, in tests) nothing happens but a log line.
 */
export function createNavigation() {
  let navigate: ((to: string) => void) | null = null;
  return {
    /** Called by the app router; returns the detach. */
    attach(fn: (to: string) => void): () => void {
      navigate = fn;
      return () => {
        if (navigate === fn) navigate = null;
      };
    },
    /** Opens an in-app page with its query. Anything that is not an in-app path is refused. */
    go(page: string, query: Record<string, string> = {}): void {
      if (!page.startsWith('/') || page.startsWith('//')) {
        console.warn('refused to navigate outside the console', page);
        return;
      }
      const search = new URLSearchParams(query).toString();
      const to = search ? `${page}?${search}` : page;
      if (navigate) navigate(to);
      else console.warn('no router attached; cannot open', to);
    },
  };
}

export type Navigation = ReturnType<typeof createNavigation>;
