import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectDrawerOpen } from '../../machines/app/app.selectors';
import { selectHasProfile, selectWhitelabel } from '../../machines/session/session.selectors';
import { useAppActor, useSessionActor } from '../app/actor-context';
import { Icon } from '../kit/icons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Deferred, NotificationBell, ProfileMenu } from './signed-in';

/** Props of {@link TopBar}. */
export interface TopBarProps {
  /** The current page's title (not a heading: the page has its own h1). */
  title: string;
}

/** The top bar: drawer toggle, the product (or the white label's logo and name) and page title, language, bell and profile menu. */
export function TopBar({ title }: TopBarProps) {
  const { t } = useTranslation(['shell', 'common']);
  const app = useAppActor();
  const drawerOpen = useSelector(app, selectDrawerOpen);
  const session = useSessionActor();
  const hasProfile = useSelector(session, selectHasProfile);
  const whitelabel = useSelector(session, selectWhitelabel);

  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line bg-surface px-3">
      {hasProfile ? (
        <button
          type="button"
          aria-label={t('shell:drawer.toggle')}
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? 'side-menu' : undefined}
          onClick={() => app.send({ type: 'drawer.toggle' })}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-canvas hover:text-ink"
        >
          <Icon name="menu" className="size-5" />
        </button>
      ) : null}
      {/* The white label of the user's group or project (project settings), else the product. */}
      {whitelabel?.logo_url ? (
        <img src={whitelabel.logo_url} alt="" className="h-7 max-w-40 object-contain" data-testid="brand-logo" />
      ) : null}
      <span className="text-sm font-semibold tracking-tight text-brand-700" data-testid="brand-name">
        {whitelabel?.name || t('common:appName')}
      </span>
      <span aria-hidden="true" className="text-line">
        /
      </span>
      <p className="min-w-0 truncate text-sm font-medium text-ink" data-testid="page-title">
        {title}
      </p>
      <div className="ml-auto flex items-center gap-1">
        <LanguageSwitcher />
        {hasProfile ? (
          <Deferred>
            <NotificationBell />
            <ProfileMenu />
          </Deferred>
        ) : null}
      </div>
    </header>
  );
}
