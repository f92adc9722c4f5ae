import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuestKey } from '../../contract/entities/guest-key';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { CopyableText } from '../kit/TextCopyDialog';
import { guestLink } from './guest-link';
import { QrCode } from './QrCode';

/**
 * The guest access URL dialog (2.5): the link of a key's guest page to copy and send, and the
 * same link as a QR for the guest's camera. `footer` adds the flow's own buttons (grant another).
 */
export function GuestAccessUrlDialog(props: {
  guestKey: GuestKey;
  onClose: () => void;
  onWallet?: () => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation(['guestAccess', 'common']);
  const link = guestLink(props.guestKey.key_uid);
  const name = props.guestKey.name ?? props.guestKey.value;
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t('guestAccess:url.title')}
      footer={
        <>
          {props.onWallet ? <Button onClick={props.onWallet}>{t('guestAccess:url.wallet')}</Button> : null}
          {props.footer}
          <Button variant="primary" onClick={props.onClose}>
            {t('guestAccess:url.done')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p>{t('guestAccess:url.intro', { name })}</p>
        <CopyableText text={link} label={t('guestAccess:url.link')} />
        <div className="flex flex-col items-center gap-2">
          <QrCode text={link} label={t('guestAccess:url.qrAlt')} />
          <p className="text-xs text-muted">{t('guestAccess:url.scan')}</p>
        </div>
      </div>
    </Dialog>
  );
}
