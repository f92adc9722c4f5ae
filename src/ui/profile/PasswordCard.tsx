import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { PasswordFormMachine, PasswordFormValues } from '../../machines/password-form/password-form.machine';
import {
  selectIsPasswordDone,
  selectIsPasswordSubmitting,
  selectPasswordErrors,
  selectPasswordValues,
} from '../../machines/password-form/password-form.selectors';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { Icon } from '../kit/icons';
import { TextField } from '../kit/TextField';

/** Props of {@link PasswordCard}. */
export interface PasswordCardProps {
  /** The `passwordForm` actor. */
  passwordRef: ActorRefFrom<PasswordFormMachine>;
}

const FIELDS: readonly { field: keyof PasswordFormValues; autoComplete: string }[] = [
  { field: 'old', autoComplete: 'current-password' },
  { field: 'new', autoComplete: 'new-password' },
  { field: 'confirm', autoComplete: 'new-password' },
];

/** Change own password: current, new and repeated new password. */
export function PasswordCard({ passwordRef }: PasswordCardProps) {
  const { t } = useTranslation('profile');
  const values = useSelector(passwordRef, selectPasswordValues);
  const errors = useSelector(passwordRef, selectPasswordErrors);
  const submitting = useSelector(passwordRef, selectIsPasswordSubmitting);
  const done = useSelector(passwordRef, selectIsPasswordDone);

  if (done) {
    return (
      <Card title={t('password.title')}>
        <div role="status" className="flex items-center gap-3">
          <Icon name="check" className="size-5 text-success-600" />
          <p className="flex-1 text-sm text-ink">{t('password.done')}</p>
          <Button onClick={() => passwordRef.send({ type: 'form.reset' })}>{t('password.again')}</Button>
        </div>
      </Card>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    passwordRef.send({ type: 'form.submit' });
  };
  return (
    <form onSubmit={submit} noValidate aria-busy={submitting || undefined}>
      <Card
        title={t('password.title')}
        footer={
          <Button type="submit" variant="primary" loading={submitting}>
            {t('password.submit')}
          </Button>
        }
      >
        <FormRow columns={3}>
          {FIELDS.map(({ field, autoComplete }) => (
            <TextField
              key={field}
              label={t(`password.${field}`)}
              name={`password-${field}`}
              type="password"
              autoComplete={autoComplete}
              value={values[field]}
              onChange={(e) => passwordRef.send({ type: 'field.change', field, value: e.target.value })}
              error={errors[field]}
              disabled={submitting}
            />
          ))}
        </FormRow>
      </Card>
    </form>
  );
}
