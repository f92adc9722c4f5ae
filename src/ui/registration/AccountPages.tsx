import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ERROR_CODES } from '../../contract/errors';
import { selectSubject } from '../../machines/public-form/public-form.selectors';
import { usePageMachines } from '../app/actor-context';
import { AuthCard } from '../session/AuthCard';
import { PublicFormView } from './PublicFormView';

const message = (text: string, link?: { to: string; label: string }) => (
  <div role="status" className="space-y-3 text-sm text-ink">
    <p>{text}</p>
    {link ? (
      <p>
        <Link to={link.to} className="font-medium text-brand-600 hover:underline">
          {link.label}
        </Link>
      </p>
    ) : null}
  </div>
);

/** /password/recovery: asks for the e-mail and says a link was sent (whether or not the address is known). */
export function PasswordRecoveryPage() {
  const { t } = useTranslation('registration');
  const actor = useActorRef(usePageMachines().accountForms.recovery, { input: { loads: false, fields: ['email'] } });
  return (
    <PublicFormView
      actor={actor}
      title={t('recovery.title')}
      subtitle={t('recovery.subtitle')}
      fields={[{ name: 'email', label: t('fields.email'), type: 'email', autoComplete: 'email' }]}
      submitLabel={t('recovery.submit')}
      done={message(t('recovery.sent'))}
      invalid={null}
    />
  );
}

const passwordFields = (t: (key: string) => string) => [
  { name: 'password', label: t('fields.password'), type: 'password' as const, autoComplete: 'new-password' },
  {
    name: 'password_confirmation',
    label: t('fields.passwordConfirmation'),
    type: 'password' as const,
    autoComplete: 'new-password',
  },
];

/** /password/reset/:token: a new password for the mailed code. */
export function PasswordResetPage() {
  const { t } = useTranslation('registration');
  const { token = '' } = useParams();
  const machines = usePageMachines();
  const actor = useActorRef(machines.accountForms.reset(token), {
    input: { loads: false, fields: ['password', 'password_confirmation'] },
  });
  return (
    <PublicFormView
      actor={actor}
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      fields={passwordFields(t)}
      submitLabel={t('reset.submit')}
      done={message(t('reset.done'), { to: '/login', label: t('loginNow') })}
      invalid={message(t('reset.invalid'), { to: '/password/recovery', label: t('reset.again') })}
    />
  );
}

/** /registration/:token: who is invited, then the first password. Without a token: how to get an invitation. */
export function RegistrationPage() {
  const { t } = useTranslation('registration');
  const { token } = useParams();
  if (!token) {
    return (
      <AuthCard title={t('registration.title')}>
        {message(t('registration.needsInvitation'), { to: '/self-registration', label: t('self.link') })}
      </AuthCard>
    );
  }
  return <InvitationForm token={token} />;
}

function InvitationForm({ token }: { token: string }) {
  const { t } = useTranslation('registration');
  const machines = usePageMachines();
  const actor = useActorRef(machines.accountForms.registration(token), {
    input: { loads: true, fields: ['password', 'password_confirmation'] },
  });
  const subject = useSelector(actor, selectSubject) as { login?: string; name?: string; project?: string } | null;
  return (
    <PublicFormView
      actor={actor}
      title={t('registration.title')}
      subtitle={t('registration.subtitle')}
      header={
        subject ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-surface-muted px-3 py-2 text-sm">
            <dt className="text-muted">{t('registration.name')}</dt>
            <dd>{subject.name}</dd>
            <dt className="text-muted">{t('registration.login')}</dt>
            <dd className="font-mono">{subject.login}</dd>
            <dt className="text-muted">{t('registration.project')}</dt>
            <dd>{subject.project}</dd>
          </dl>
        ) : null
      }
      fields={passwordFields(t)}
      submitLabel={t('registration.submit')}
      done={message(t('registration.done'), { to: '/login', label: t('loginNow') })}
      invalid={message(t('registration.invalid'), { to: '/login', label: t('backToLogin') })}
    />
  );
}

/** /self-registration: a dealer, installer or private client registers an object; a confirmation link is mailed. */
export function SelfRegistrationPage() {
  const { t } = useTranslation('registration');
  const fields = [
    'user_name',
    'email',
    'user_phone',
    'user_country',
    'user_type',
    'object_name',
    'password',
    'password_confirmation',
  ];
  // A server with self-registration closed refuses it: say so in words, not as a raw refusal.
  const actor = useActorRef(usePageMachines().accountForms.selfRegistration, {
    input: { loads: false, fields, unusableCodes: [ERROR_CODES.methodProhibited] },
  });
  return (
    <PublicFormView
      actor={actor}
      title={t('self.title')}
      subtitle={t('self.subtitle')}
      fields={[
        {
          name: 'user_type',
          label: t('self.type'),
          options: [
            { value: '', label: t('self.chooseType') },
            { value: 'dealer', label: t('self.types.dealer') },
            { value: 'installer', label: t('self.types.installer') },
            { value: 'private', label: t('self.types.private') },
          ],
        },
        { name: 'user_name', label: t('self.name'), autoComplete: 'name' },
        { name: 'email', label: t('fields.email'), type: 'email', autoComplete: 'email' },
        { name: 'user_phone', label: t('self.phone'), type: 'tel', autoComplete: 'tel' },
        { name: 'user_country', label: t('self.country'), autoComplete: 'country' },
        { name: 'object_name', label: t('self.object') },
        ...passwordFields(t),
      ]}
      submitLabel={t('self.submit')}
      done={message(t('self.sent'))}
      invalid={message(t('self.closed'))}
    />
  );
}

/** /registration/confirm/:token: shows the pending registration and confirms it. */
export function RegistrationConfirmPage() {
  const { t } = useTranslation('registration');
  const { token = '' } = useParams();
  const machines = usePageMachines();
  // A server with self-registration closed has no confirmation to offer: the link is as dead as a bogus one.
  const actor = useActorRef(machines.accountForms.confirm(token), {
    input: { loads: true, fields: [], unusableCodes: [ERROR_CODES.methodProhibited] },
  });
  const subject = useSelector(actor, selectSubject) as {
    user_name?: string;
    object_name?: string;
    user_email?: string;
  } | null;
  return (
    <PublicFormView
      actor={actor}
      title={t('confirm.title')}
      subtitle={t('confirm.subtitle')}
      header={
        subject ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-surface-muted px-3 py-2 text-sm">
            <dt className="text-muted">{t('self.name')}</dt>
            <dd>{subject.user_name}</dd>
            <dt className="text-muted">{t('fields.email')}</dt>
            <dd>{subject.user_email}</dd>
            <dt className="text-muted">{t('self.object')}</dt>
            <dd>{subject.object_name}</dd>
          </dl>
        ) : null
      }
      fields={[]}
      submitLabel={t('confirm.submit')}
      done={message(t('confirm.done'), { to: '/login', label: t('loginNow') })}
      invalid={message(t('confirm.invalid'), { to: '/self-registration', label: t('self.link') })}
    />
  );
}
