import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  selectIsLoggingIn,
  selectLoginError,
  selectLogoutReason,
  selectRemember,
} from '../../machines/session/session.selectors';
import { useAlertsActor, useSessionActor } from '../app/actor-context';
import { Button } from '../kit/Button';
import { Checkbox } from '../kit/Checkbox';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';
import { AuthCard } from './AuthCard';

/**
 * /login: credentials and "remember me". Visiting it clears alerts (2.2); the
 * session decides what happens next (one project → in, several → choose).
 */
export function LoginPage() {
  const { t } = useTranslation(['session', 'errors']);
  const session = useSessionActor();
  const alerts = useAlertsActor();
  const loggingIn = useSelector(session, selectIsLoggingIn);
  const error = useSelector(session, selectLoginError);
  const expired = useSelector(session, selectLogoutReason) === 'expired';
  const remember = useSelector(session, selectRemember);

  useEffect(() => {
    alerts.send({ type: 'alerts.clear' });
  }, [alerts]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    session.send({
      type: 'session.login',
      login: String(form.get('login') ?? ''),
      password: String(form.get('password') ?? ''),
      remember: form.get('remember') === 'on',
    });
  };

  return (
    <AuthCard title={t('session:login.heading')} subtitle={t('session:login.subtitle')}>
      {expired && !error ? (
        <p role="status" className="mb-4 rounded-md border border-info-600/30 bg-info-50 px-3 py-2 text-sm text-ink">
          {t('session:login.expired')}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700"
        >
          {translateError(t, error)}
        </p>
      ) : null}
      <form onSubmit={submit} className="space-y-3" aria-busy={loggingIn || undefined}>
        <TextField label={t('session:login.login')} name="login" autoComplete="username" required autoFocus />
        <TextField
          label={t('session:login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <Checkbox label={t('session:login.remember')} name="remember" defaultChecked={remember} />
        <Button type="submit" variant="primary" className="w-full" loading={loggingIn}>
          {t('session:login.submit')}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/password/recovery" className="text-brand-600 hover:underline">
          {t('session:login.forgot')}
        </Link>
        <Link to="/registration" className="text-brand-600 hover:underline">
          {t('session:login.register')}
        </Link>
      </div>
      <p className="mt-4 border-t border-line pt-3 text-center text-xs text-muted">
        <Link to="/terms-and-conditions" className="hover:underline">
          {t('session:login.terms')}
        </Link>
      </p>
    </AuthCard>
  );
}
