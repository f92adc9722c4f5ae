import type { LogoutReason } from '../../machines/session/session.types';

/**
 * The guard of 2.2 as a pure decision, so the rules are tested without React:
 * given what the session says and where the user is, render, wait, show the
 * profile failure, or go elsewhere.
 */
export type GuardKind =
  /** Authenticated routes (and the not-found page). */
  | 'auth'
  /** Public routes only for logged-out users, and the root. */
  | 'loggedOut'
  /** /choose-project. */
  | 'choose';

/** The slice of the session a guard needs (each field comes from one selector). */
export interface GuardSession {
  restoring: boolean;
  authenticated: boolean;
  choosing: boolean;
  profileLoading: boolean;
  profileFailed: boolean;
  hasProfile: boolean;
  logoutReason: LogoutReason;
}

export type GuardDecision =
  | { type: 'render' }
  | { type: 'spinner' }
  | { type: 'profileFailed' }
  | { type: 'redirect'; to: string };

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
export const CHOOSE_PROJECT_PATH = '/choose-project';
export const REDIRECT_PARAM = 'redirect';

/** A redirect target we follow: an in-app absolute path (never `//host` or `/\host`). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** `path?redirect=<target>` (URL-encoded), or just `path` without a target. */
export function withRedirect(path: string, target: string | null): string {
  return target ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}` : path;
}

/** The safe redirect target carried by a query string, if any. */
export function redirectFrom(search: string): string | null {
  return safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM));
}

export function decideGuard(
  kind: GuardKind,
  session: GuardSession,
  location: { pathname: string; search: string },
): GuardDecision {
  if (session.restoring) return { type: 'spinner' };
  const here = `${location.pathname}${location.search}`;
  const carried = redirectFrom(location.search);

  switch (kind) {
    case 'auth': {
      if (session.choosing) return { type: 'redirect', to: withRedirect(CHOOSE_PROJECT_PATH, here) };
      if (!session.authenticated) {
        // A user who logged out on purpose starts afresh; anyone else is brought back afterwards.
        return { type: 'redirect', to: withRedirect(LOGIN_PATH, session.logoutReason === 'user' ? null : here) };
      }
      if (session.profileFailed) return { type: 'profileFailed' };
      // A profile reload (role change) keeps the page: only the first load blocks.
      if (session.profileLoading && !session.hasProfile) return { type: 'spinner' };
      return { type: 'render' };
    }
    case 'loggedOut': {
      if (session.choosing) return { type: 'redirect', to: withRedirect(CHOOSE_PROJECT_PATH, carried) };
      if (session.authenticated) return { type: 'redirect', to: carried ?? HOME_PATH };
      return { type: 'render' };
    }
    case 'choose': {
      if (session.choosing) return { type: 'render' };
      if (session.authenticated) return { type: 'redirect', to: carried ?? HOME_PATH };
      return { type: 'redirect', to: withRedirect(LOGIN_PATH, carried) };
    }
  }
}
