import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useMayCall } from '../entities/use-access';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { GuestKeyFormView } from './GuestKeyFormView';
import { WalletPassDialog } from './WalletPassDialog';

const LIST = '/guest-access';
const now = () => new Date().toISOString();

/** /guest-access/add and /guest-access/:id/edit: a guestKey actor in its grant flow. */
export function GuestKeyFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <GuestKeyForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function GuestKeyForm({ id }: { id: number | null }) {
  const { guestKey, guestKeyPass } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const keyRef = useActorRef(guestKey, { input: { mode: 'grant', id, start: now() } });
  const mayWallet = useMayCall('GET /identifiers/{id}/pkpass');
  const [wallet, setWallet] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <GuestKeyFormView
        keyRef={keyRef}
        rules={pickers.availableAccessRules}
        onCancel={() => closePage(LIST)}
        onWallet={mayWallet ? (keyId, name) => setWallet({ id: keyId, name }) : undefined}
        now={now}
      />
      {wallet ? (
        <WalletPassDialog
          loader={guestKeyPass(wallet.id, wallet.name)}
          name={wallet.name}
          onClose={() => setWallet(null)}
        />
      ) : null}
    </>
  );
}
