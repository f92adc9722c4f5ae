import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { RemoteControlMachine } from '../../machines/remote-control/remote-control.machine';
import { selectRefusal } from '../../machines/remote-control/remote-control.selectors';
import { pageWidth } from '../kit/page-width';
import { RefusedDialog } from './RefusedDialog';
import { RemoteControlPanel } from './RemoteControlPanel';

/** The standalone page's body over an actor (stories freeze it). */
export function RemoteControlStandaloneView({ remoteRef }: { remoteRef: ActorRefFrom<RemoteControlMachine> }) {
  const { t } = useTranslation('remoteControl');
  const refusal = useSelector(remoteRef, selectRefusal);
  return (
    <main className={`${pageWidth('readable')} p-6`}>
      <h1 className="mb-4 text-lg font-semibold text-ink">{t('title')}</h1>
      <RemoteControlPanel remoteRef={remoteRef} />
      {refusal ? <RefusedDialog reason={refusal} onClose={() => window.close()} /> : null}
    </main>
  );
}
