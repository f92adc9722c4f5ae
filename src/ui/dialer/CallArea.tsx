import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import {
  selectCallIds,
  selectCallRef,
  selectSelectedCallId,
  selectWaitingCallsFailure,
} from '../../machines/dialer/dialer.selectors';
import { Button } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';
import { translateError } from '../kit/translate-error';
import { CallCard } from './CallCard';
import { DialerIcon } from './dialer-icons';

/** The centre (2.6): the call cards, newest last, with their controls. */
export function CallArea({ dialerRef }: { dialerRef: ActorRefFrom<DialerMachine> }) {
  const { t } = useTranslation(['dialer', 'errors']);
  const ids = useSelector(dialerRef, selectCallIds, shallowEqual);
  const selected = useSelector(dialerRef, selectSelectedCallId);
  const failure = useSelector(dialerRef, selectWaitingCallsFailure);
  return (
    <section aria-label={t('panel.columns.calls')} className="flex min-h-0 flex-col bg-canvas">
      {failure ? (
        <div
          role="alert"
          className="flex items-center gap-2 border-b border-danger-600/30 bg-danger-50 px-3 py-2 text-sm"
        >
          <span className="flex-1">
            {t('calls.waitingFailed')}: {translateError(t, failure)}
          </span>
          <Button size="sm" onClick={() => dialerRef.send({ type: 'waitingCalls.reload' })}>
            {t('calls.retry')}
          </Button>
        </div>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {ids.length === 0 ? (
          <EmptyState
            icon={<DialerIcon name="phone" className="size-8" />}
            title={t('calls.empty')}
            description={t('calls.emptyHint')}
          />
        ) : (
          <ul aria-label={t('calls.count', { count: ids.length })} className="flex flex-col gap-2">
            {ids.map((id) => (
              <CallItem key={id} id={id} dialerRef={dialerRef} selected={id === selected} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CallItem({
  id,
  dialerRef,
  selected,
}: {
  id: string;
  dialerRef: ActorRefFrom<DialerMachine>;
  selected: boolean;
}) {
  const callRef = useSelector(dialerRef, selectCallRef(id));
  if (!callRef) return null;
  return (
    <li>
      <CallCard callRef={callRef} dialerRef={dialerRef} selected={selected} />
    </li>
  );
}
