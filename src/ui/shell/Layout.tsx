import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { selectDrawerOpen } from '../../machines/app/app.selectors';
import { selectHasProfile, selectWhitelabel } from '../../machines/session/session.selectors';
import { useAppActor, useSessionActor } from '../app/actor-context';
import { AlertsArea } from './AlertsArea';
import { ConnectionStatus } from './ConnectionStatus';
import { useDocumentTitle, usePageTitle } from './page-title';
import { Deferred, LicenceBanner, SideMenu, SignedInOverlays } from './signed-in';
import { TopBar } from './TopBar';

/** Props of {@link Layout}. */
export interface LayoutProps {
  /** Content to show instead of the nested routes (stories). */
  children?: ReactNode;
}

/**
 * The default layout of 2.3: top bar, the side menu drawer (250 px, only with
 * a loaded profile), the content, the alerts area, the important notifications
 * and the floating buttons.
 */
export function Layout({ children }: LayoutProps) {
  const { t } = useTranslation(['shell', 'common']);
  const drawerOpen = useSelector(useAppActor(), selectDrawerOpen);
  const session = useSessionActor();
  const hasProfile = useSelector(session, selectHasProfile);
  const whitelabel = useSelector(session, selectWhitelabel);
  const title = usePageTitle();
  useDocumentTitle(title, whitelabel?.name || t('common:appName'));
  // The white label's contacts, under the page (section 3: the console shows them to the group's users).
  const contacts = [whitelabel?.address, whitelabel?.email, whitelabel?.phone].filter((x): x is string => Boolean(x));

  return (
    <div className="flex h-full flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        {t('shell:skipToContent')}
      </a>
      <TopBar title={title} />
      <ConnectionStatus />
      {hasProfile ? (
        <Deferred>
          <LicenceBanner />
        </Deferred>
      ) : null}
      <div className="flex min-h-0 flex-1">
        {drawerOpen && hasProfile ? (
          <Deferred>
            <SideMenu />
          </Deferred>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main-content" className="min-w-0 flex-1 overflow-y-auto px-6 py-5">
            {children ?? <Outlet />}
          </main>
          {contacts.length > 0 ? (
            <footer
              data-testid="brand-contacts"
              title={t('shell:brandContacts')}
              className="shrink-0 border-t border-line bg-surface px-6 py-1.5 text-[12px] text-muted"
            >
              {[whitelabel?.name, ...contacts].filter(Boolean).join(' · ')}
            </footer>
          ) : null}
        </div>
      </div>
      <AlertsArea />
      {hasProfile ? (
        <Deferred>
          <SignedInOverlays />
        </Deferred>
      ) : null}
    </div>
  );
}
