import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GuestKey, guestKeysEntity } from '../../contract/entities/guest-key';
import { StartStopConfirm } from '../announces/StartStopConfirm';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import type { FilterDef } from '../entities/filters';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { IdentifierQrDialog } from '../identifiers/IdentifierQrDialog';
import { GuestAccessUrlDialog } from './GuestAccessUrlDialog';
import { type GuestKeyAction, GuestKeysView } from './GuestKeysView';
import { WalletPassDialog } from './WalletPassDialog';

/** /guest-access: the keys the caller granted (live), each with its link, QR, Wallet pass and revoke. */
export function GuestKeysPage() {
  const { t } = useTranslation('guestAccess');
  const { entities, guestKeyRevoke, guestKeyPass, identifierQr } = usePageMachines();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.guestKeys.list, { defaultSort: [...guestKeysEntity.defaultSort] });
  const access = useEntityAccess(guestKeysEntity);
  const mayGrant = useMayCall('PUT /identifiers/guest');
  const [dialog, setDialog] = useState<{ kind: GuestKeyAction; key: GuestKey } | null>(null);
  const filters: FilterDef[] = [
    {
      kind: 'choice',
      field: 'revoked',
      label: t('fields.status'),
      rule: 'equals',
      choices: [
        { value: false, label: t('filter.notRevoked') },
        { value: true, label: t('filter.revoked') },
      ],
    },
  ];
  const close = () => setDialog(null);
  const label = (x: GuestKey) => x.name ?? x.value;
  return (
    <GuestKeysView
      listRef={listRef}
      filters={filters}
      can={{
        create: mayGrant,
        delete: access.delete,
        revoke: useMayCall('POST /guest-access/keys/{id}/revoke'),
        wallet: useMayCall('GET /identifiers/{id}/pkpass'),
      }}
      onAdd={() => openPage('/guest-access/add')}
      onOpen={(row) => openPage(`/guest-access/${row.id}/edit`)}
      onAction={(kind, key) => setDialog({ kind, key })}
    >
      {dialog?.kind === 'link' ? (
        <GuestAccessUrlDialog
          guestKey={dialog.key}
          onClose={close}
          onWallet={() => setDialog({ kind: 'wallet', key: dialog.key })}
        />
      ) : null}
      {dialog?.kind === 'qr' ? (
        <IdentifierQrDialog
          loader={identifierQr(dialog.key.id)}
          name={label(dialog.key)}
          value={dialog.key.value}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'wallet' ? (
        <WalletPassDialog
          loader={guestKeyPass(dialog.key.id, label(dialog.key))}
          name={label(dialog.key)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'revoke' ? (
        <StartStopConfirm
          machine={guestKeyRevoke}
          id={dialog.key.id}
          item={dialog.key}
          title={t('revoke.title', { name: label(dialog.key) })}
          message={t('revoke.body')}
          confirmLabel={t('revoke.confirm')}
          successCode="guestAccess:revoke.done"
          tone="danger"
          onClose={close}
          onDone={() => {
            close();
            listRef.send({ type: 'list.refresh' });
          }}
        />
      ) : null}
    </GuestKeysView>
  );
}
