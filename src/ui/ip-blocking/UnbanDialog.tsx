import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { IpUnbanMachine } from '../../machines/ip-unban/ip-unban.machine';
import {
  selectIsConfirmingUnban,
  selectIsUnbanning,
  selectUnbanTarget,
} from '../../machines/ip-unban/ip-unban.selectors';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { UnbanAllDialog } from './UnbanAllDialog';

/** Props of {@link UnbanDialog}. */
export interface UnbanDialogProps {
  unbanRef: ActorRefFrom<IpUnbanMachine>;
  /** The status: how many bans an unban-all lifts. */
  statusRef: ActorRefFrom<LoaderMachine>;
}

/** The confirmation an unban asks first: one address for one service, or all bans (see UnbanAllDialog). */
export function UnbanDialog({ unbanRef, statusRef }: UnbanDialogProps) {
  const { t } = useTranslation('ipBlocking');
  const open = useSelector(unbanRef, selectIsConfirmingUnban);
  const busy = useSelector(unbanRef, selectIsUnbanning);
  const target = useSelector(unbanRef, selectUnbanTarget);
  if (!open || !target) return null;
  if (target.kind === 'all')
    return <UnbanAllDialog unbanRef={unbanRef} statusRef={statusRef} service={target.service} busy={busy} />;
  const service = t(`services.${target.service}`);
  return (
    <ConfirmDialog
      open
      title={t('unban.title')}
      message={t('unban.message', { ip: target.ip, service })}
      confirmLabel={t('unban.confirm')}
      tone="danger"
      width="default"
      busy={busy}
      onConfirm={() => unbanRef.send({ type: 'unban.confirmed' })}
      onCancel={() => unbanRef.send({ type: 'unban.cancelled' })}
    />
  );
}
