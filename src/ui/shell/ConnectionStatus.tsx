import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectRealtimeRef } from '../../machines/app/app.selectors';
import type { RealtimeMachine } from '../../machines/realtime/realtime.machine';
import { selectIsReconnecting } from '../../machines/realtime/realtime.selectors';
import { useAppActor } from '../app/actor-context';

/**
 * A thin banner while the live connection (7.10) is being made again after a
 * drop, so an operator knows the screen may be behind. The first connection
 * after login says nothing.
 */
export function ConnectionStatus() {
  const realtime = useSelector(useAppActor(), selectRealtimeRef);
  return realtime ? <ReconnectingBanner realtime={realtime} /> : null;
}

export function ReconnectingBanner({ realtime }: { realtime: ActorRefFrom<RealtimeMachine> }) {
  const { t } = useTranslation('shell');
  const reconnecting = useSelector(realtime, selectIsReconnecting);
  if (!reconnecting) return null;
  return (
    <div
      role="status"
      title={t('realtime.lost')}
      className="border-amber-300 border-b bg-amber-50 px-4 py-1.5 text-amber-900 text-sm"
    >
      {t('realtime.reconnecting')}
    </div>
  );
}
