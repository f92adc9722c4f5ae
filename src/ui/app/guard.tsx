import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import {
  selectHasProfile,
  selectIsAuthenticated,
  selectIsChoosingProject,
  selectIsProfileFailed,
  selectIsProfileLoading,
  selectIsRestoring,
  selectLogoutReason,
  selectProfileError,
} from '../../machines/session/session.selectors';
import { Button } from '../kit/Button';
import { ErrorState } from '../kit/ErrorState';
import { PageSpinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { useSessionActor } from './actor-context';
import { decideGuard, type GuardKind, type GuardSession } from './guard-rules';

/** Reads the session slices the guard rules need, one selector each. */
function useGuardSession(): GuardSession {
  const session = useSessionActor();
  return {
    restoring: useSelector(session, selectIsRestoring),
    authenticated: useSelector(session, selectIsAuthenticated),
    choosing: useSelector(session, selectIsChoosingProject),
    profileLoading: useSelector(session, selectIsProfileLoading),
    profileFailed: useSelector(session, selectIsProfileFailed),
    hasProfile: useSelector(session, selectHasProfile),
    logoutReason: useSelector(session, selectLogoutReason),
  };
}

/** Props of the guard elements. */
export interface GuardProps {
  /** Rendered when allowed; defaults to the nested routes (`<Outlet />`). */
  children?: ReactNode;
}

function Guard({ kind, children }: GuardProps & { kind: GuardKind }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const decision = decideGuard(kind, useGuardSession(), location);
  switch (decision.type) {
    case 'spinner':
      return <PageSpinner fullScreen label={t('session.loading')} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'profileFailed':
      return <ProfileFailed />;
    case 'render':
      return children ?? <Outlet />;
  }
}

/** The profile could not be loaded: say why, offer a retry and a way out. */
function ProfileFailed() {
  const { t } = useTranslation(['shell', 'errors']);
  const session = useSessionActor();
  const error = useSelector(session, selectProfileError);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <ErrorState
        title={t('shell:session.failed')}
        message={translateError(t, error)}
        onRetry={() => session.send({ type: 'session.retry' })}
      />
      <div className="mt-3 text-center">
        <Button variant="ghost" onClick={() => session.send({ type: 'session.logout' })}>
          {t('shell:profileMenu.logout')}
        </Button>
      </div>
    </div>
  );
}

/** Authenticated routes: logged-out users go to login (with a way back), a project must be chosen first. */
export const RequireAuth = ({ children }: GuardProps) => <Guard kind="auth">{children}</Guard>;

/** Logged-out-only routes and the root: a logged-in user goes to the redirect target or /home. */
export const RequireLoggedOut = ({ children }: GuardProps) => <Guard kind="loggedOut">{children}</Guard>;

/** /choose-project: only while the session waits for a project choice. */
export const ChooseProjectGate = ({ children }: GuardProps) => <Guard kind="choose">{children}</Guard>;
