import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { PublicFormMachine } from '../../machines/public-form/public-form.machine';
import {
  selectFormErrors,
  selectFormFailure,
  selectFormValues,
  selectIsDone,
  selectIsFailed,
  selectIsInvalid,
  selectIsLoading,
  selectIsSubmitting,
} from '../../machines/public-form/public-form.selectors';
import { Button } from '../kit/Button';
import { Select } from '../kit/Select';
import { Spinner } from '../kit/Spinner';
import { TextField } from '../kit/TextField';
import { translateError } from '../kit/translate-error';
import { AuthCard } from '../session/AuthCard';

export interface PublicField {
  name: string;
  label: string;
  type?: 'email' | 'password' | 'text' | 'tel';
  autoComplete?: string;
  /** A choice instead of free text. */
  options?: { value: string; label: string }[];
}

export interface PublicFormViewProps {
  actor: ActorRefFrom<PublicFormMachine>;
  title: string;
  subtitle?: string;
  fields: PublicField[];
  submitLabel: string;
  /** Shown above the fields once loaded (who is being registered). */
  header?: ReactNode;
  /** Shown when the flow has succeeded. */
  done: ReactNode;
  /** Shown when the mailed link cannot be used. */
  invalid: ReactNode;
}

/** A logged-out account form bound to a `publicForm` actor: it only reads the snapshot and sends events. */
export function PublicFormView(props: PublicFormViewProps) {
  const { t } = useTranslation(['registration', 'errors', 'common']);
  const { actor } = props;
  const values = useSelector(actor, selectFormValues);
  const errors = useSelector(actor, selectFormErrors);
  const failure = useSelector(actor, selectFormFailure);
  const loading = useSelector(actor, selectIsLoading);
  const submitting = useSelector(actor, selectIsSubmitting);
  const done = useSelector(actor, selectIsDone);
  const invalid = useSelector(actor, selectIsInvalid);
  const failed = useSelector(actor, selectIsFailed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  const back = (
    <p className="mt-4 text-center text-sm">
      <Link to="/login" className="text-brand-600 hover:underline">
        {t('registration:backToLogin')}
      </Link>
    </p>
  );

  let body: ReactNode;
  if (loading) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={t('common:state.loading')} />
      </div>
    );
  } else if (done) body = props.done;
  else if (invalid) body = props.invalid;
  else if (failed) {
    body = (
      <p role="alert" className="text-sm text-danger-700">
        {translateError(t, failure ?? { code: 'network' })}
      </p>
    );
  } else {
    body = (
      <form onSubmit={submit} className="space-y-3" noValidate aria-busy={submitting || undefined}>
        {props.header}
        {failure ? (
          <p
            role="alert"
            className="rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700"
          >
            {translateError(t, failure)}
          </p>
        ) : null}
        {props.fields.map((field, index) =>
          field.options ? (
            <Select
              key={field.name}
              label={field.label}
              name={field.name}
              required
              options={field.options}
              value={values[field.name] ?? ''}
              error={errors[field.name]}
              onChange={(value) => actor.send({ type: 'field.change', field: field.name, value })}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              autoFocus={index === 0}
              required
              value={values[field.name] ?? ''}
              error={errors[field.name]}
              onChange={(event) => actor.send({ type: 'field.change', field: field.name, value: event.target.value })}
            />
          ),
        )}
        <Button type="submit" variant="primary" className="w-full" loading={submitting}>
          {props.submitLabel}
        </Button>
      </form>
    );
  }

  return (
    <AuthCard title={props.title} subtitle={done || invalid ? undefined : props.subtitle}>
      {body}
      {back}
    </AuthCard>
  );
}
