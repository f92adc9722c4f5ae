import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoadFailed, selectLoadError } from '../../machines/loader/loader.selectors';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/** Downloads a key's Apple Wallet pass (the loader saves the file); a refusal is said, not lost. */
export function WalletPassDialog(props: { loader: LoaderMachine; name: string; onClose: () => void }) {
  const { t } = useTranslation(['guestAccess', 'errors', 'common']);
  const actor = useActorRef(props.loader);
  const loaded = useSelector(actor, (s) => s.matches('loaded'));
  const failed = useSelector(actor, selectIsLoadFailed);
  const error = useSelector(actor, selectLoadError);
  const { onClose } = props;
  useEffect(() => {
    if (loaded) onClose();
  }, [loaded, onClose]);
  return (
    <Dialog
      open
      width="small"
      onClose={onClose}
      title={t('guestAccess:url.wallet')}
      footer={
        <Button variant="primary" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      }
    >
      {failed ? (
        <p role="alert" className="text-danger-700">
          {translateError(t, error as never)}
        </p>
      ) : (
        <Spinner label={props.name} />
      )}
    </Dialog>
  );
}
