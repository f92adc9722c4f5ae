import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { MobileClient } from '../../contract/entities/mobile-client';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import {
  selectIsLoadFailed,
  selectIsLoading,
  selectLoadError,
  selectLoadedData,
} from '../../machines/loader/loader.selectors';
import { selectSettings } from '../../machines/session/session.selectors';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { EmptyState } from '../kit/EmptyState';
import { ErrorState } from '../kit/ErrorState';
import { formatDateTime } from '../kit/format-date';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { AppStoreQrDialog } from '../shell/AppStoreQrDialog';

/** The mobile client info dialog (2.5) of one user: loads the list when it opens. */
export function MobileClientsDialog(props: { user: { id: number; name: string }; onClose: () => void }) {
  const { mobileClients } = usePageMachines();
  const actor = useActorRef(mobileClients(props.user.id));
  return <MobileClientsView actor={actor} userName={props.user.name} onClose={props.onClose} />;
}

/** The dialog over a loader actor: loading, failed (retry), empty (get the app), or the clients. */
export function MobileClientsView(props: {
  actor: ActorRefFrom<LoaderMachine>;
  userName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['users', 'common', 'errors']);
  const { actor } = props;
  const clients = useSelector(actor, selectLoadedData<MobileClient[]>);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsLoadFailed);
  const error = useSelector(actor, selectLoadError);
  const links = useSelector(useSessionActor(), (s) => selectSettings(s)?.mobile_apps ?? null);
  const [appStore, setAppStore] = useState(false);
  const none = t('users:mobileClients.none');
  const platform = (value: string) =>
    value === 'ios' || value === 'android' ? t(`users:mobileClients.platforms.${value}`) : value;

  return (
    <Dialog
      open
      width="wide"
      onClose={props.onClose}
      title={t('users:mobileClients.title', { name: props.userName })}
      footer={
        <>
          <Button onClick={() => setAppStore(true)}>{t('users:mobileClients.getApp')}</Button>
          <Button variant="primary" onClick={props.onClose}>
            {t('common:actions.close')}
          </Button>
        </>
      }
    >
      {loading ? (
        <Spinner label={t('users:mobileClients.loading')} />
      ) : failed ? (
        <ErrorState
          title={t('users:mobileClients.list')}
          message={error ? translateError(t, error) : undefined}
          onRetry={() => actor.send({ type: 'loader.reload' })}
        />
      ) : !clients || clients.length === 0 ? (
        <EmptyState title={t('users:mobileClients.empty')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-[13px]" aria-label={t('users:mobileClients.list')}>
            <thead className="text-muted">
              <tr>
                {(['platform', 'info', 'auth_at', 'sip_number', 'ukey2', 'vendor_id', 'id'] as const).map((field) => (
                  <th key={field} scope="col" className="py-1 pr-3 font-medium">
                    {t(`users:mobileClients.fields.${field}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {clients.map((client) => (
                <tr key={client.id} className="border-t border-line align-top">
                  <td className="py-1.5 pr-3">{platform(client.platform)}</td>
                  <td className="py-1.5 pr-3">{client.info ?? none}</td>
                  <td className="py-1.5 pr-3 whitespace-nowrap">{formatDateTime(client.auth_at, i18n.language)}</td>
                  <td className="py-1.5 pr-3">{client.sip_number ?? none}</td>
                  <td className="py-1.5 pr-3">{client.ukey2 ?? none}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs break-all">{client.vendor_id}</td>
                  <td className="py-1.5 pr-3">{client.id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AppStoreQrDialog open={appStore} links={links} onClose={() => setAppStore(false)} />
    </Dialog>
  );
}
