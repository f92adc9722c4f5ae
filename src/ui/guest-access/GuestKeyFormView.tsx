import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GuestKeyMachine } from '../../machines/guest-key/guest-key.machine';
import {
  selectFailure,
  selectGranted,
  selectGrantFailure,
  selectIsGranting,
  selectIsKeyLoading,
  selectIsNewKey,
  selectKeyLoadFailed,
  selectValues,
} from '../../machines/guest-key/guest-key.selectors';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { ErrorState } from '../kit/ErrorState';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { PageSpinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { GuestAccessUrlDialog } from './GuestAccessUrlDialog';
import { GuestKeyFields } from './GuestKeyFields';

/** Props of {@link GuestKeyFormView}. */
export interface GuestKeyFormViewProps {
  keyRef: ActorRefFrom<GuestKeyMachine>;
  rules: PickerSpec;
  /** Back to the list. */
  onCancel: () => void;
  /** The granted key's Wallet pass (when the caller may download it). */
  onWallet?: (id: number, name: string) => void;
  /** The start of another new key (the page's now). */
  now: () => string;
}

/** /guest-access/add and /:id/edit: the grant flow, ending in the guest access URL dialog. */
export function GuestKeyFormView({ keyRef, rules, onCancel, onWallet, now }: GuestKeyFormViewProps) {
  const { t } = useTranslation(['guestAccess', 'errors']);
  const isNew = useSelector(keyRef, selectIsNewKey);
  const loading = useSelector(keyRef, selectIsKeyLoading);
  const loadFailed = useSelector(keyRef, selectKeyLoadFailed);
  const granting = useSelector(keyRef, selectIsGranting);
  const granted = useSelector(keyRef, selectGranted);
  const refusal = useSelector(keyRef, selectGrantFailure);
  const failure = useSelector(keyRef, selectFailure);
  const name = useSelector(keyRef, selectValues).name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    keyRef.send({ type: 'key.grant' });
  };
  const title = isNew ? t('form.addTitle') : name ? t('form.editNamed', { name }) : t('form.editTitle');
  if (loading) return <PageSpinner label={t('form.loading')} />;
  if (loadFailed)
    return (
      <div className={pageWidth('readable')}>
        <ErrorState
          title={t('form.loadFailed')}
          message={translateError(t, failure)}
          onRetry={() => keyRef.send({ type: 'key.retry' })}
        />
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className={pageWidth('readable')}>
      <PageHeader
        title={title}
        description={isNew ? t('form.addHint') : undefined}
        actions={
          <>
            <Button onClick={onCancel} disabled={granting}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" variant="primary" loading={granting}>
              {isNew ? t('form.grant') : t('form.save')}
            </Button>
          </>
        }
      />
      {refusal ? (
        <p
          role="alert"
          className="mb-3 rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700"
        >
          {translateError(t, refusal)}
        </p>
      ) : null}
      <div className="space-y-4">
        <GuestKeyFields keyRef={keyRef} rules={rules} />
      </div>
      {granted ? (
        <GuestAccessUrlDialog
          guestKey={granted}
          onClose={onCancel}
          onWallet={onWallet ? () => onWallet(granted.id, granted.name ?? granted.value) : undefined}
          footer={
            isNew ? (
              <Button onClick={() => keyRef.send({ type: 'key.grantAnother', start: now() })}>
                {t('url.another')}
              </Button>
            ) : null
          }
        />
      ) : null}
    </form>
  );
}
