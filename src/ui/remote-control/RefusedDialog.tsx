import { useTranslation } from 'react-i18next';
import type { RefusalReason } from '../../machines/remote-control/remote-control.machine';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';

/** 8.3: remote control blocked: the device is offline or not an mqtt device; a close button only. */
export function RefusedDialog({ reason, onClose }: { reason: RefusalReason; onClose: () => void }) {
  const { t } = useTranslation('remoteControl');
  return (
    <Dialog
      open
      role="alertdialog"
      width="small"
      title={t('refused.title')}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('closeDialog')}</Button>}
    >
      {t(`refused.${reason}`)}
    </Dialog>
  );
}
