import { lazy, type ReactNode, Suspense } from 'react';

/*
 * The parts of the shell only a signed-in user sees (side menu, bell, profile
 * menu, popups, dialer, floating buttons). They load with the first profile,
 * not with the login page: the menus and dialogs bring Headless UI, QR codes and
 * the notification views, which /login never shows (issue 10's first-load budget).
 */
export const SideMenu = lazy(() => import('./SideMenu').then((m) => ({ default: m.SideMenu })));
export const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));
export const ProfileMenu = lazy(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));
export const SignedInOverlays = lazy(() => import('./SignedInOverlays').then((m) => ({ default: m.SignedInOverlays })));
export const LicenceBanner = lazy(() =>
  import('../licences/LicenceBanner').then((m) => ({ default: m.LicenceBanner })),
);

/** Renders a signed-in part once its chunk is there; nothing meanwhile (the page itself is not held up). */
export function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
