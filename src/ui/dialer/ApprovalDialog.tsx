import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { selectApprovalPrompt } from '../../machines/dialer/dialer.selectors';
import { ConfirmDialog } from '../kit/ConfirmDialog';

/**
 * The dialer's yes/no questions (8.3): end the active normal call, hold the
 * active awaiting call, go back to the previous call. Escape answers no.
 */
export function ApprovalDialog({ dialerRef }: { dialerRef: ActorRefFrom<DialerMachine> }) {
  const { t } = useTranslation('dialer');
  const prompt = useSelector(dialerRef, selectApprovalPrompt);
  return (
    <ConfirmDialog
      open={prompt !== null}
      title={prompt ? t(`approval.${prompt}.title`) : ''}
      message={prompt ? t(`approval.${prompt}.message`) : ''}
      confirmLabel={t('approval.yes')}
      cancelLabel={t('approval.no')}
      tone={prompt === 'activeCallCancel' ? 'danger' : 'primary'}
      onConfirm={() => dialerRef.send({ type: 'approval.yes' })}
      onCancel={() => dialerRef.send({ type: 'approval.no' })}
    />
  );
}
