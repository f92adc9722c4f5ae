import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectIsLoadFailed, selectLoadError, selectLoadedData } from '../../machines/loader/loader.selectors';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';

/** The QR preview (2.5): the server's PNG of the value, fetched with the caller's token; download offered. */
export function IdentifierQrDialog(props: { loader: LoaderMachine; name: string; value: string; onClose: () => void }) {
  const { t } = useTranslation(['identifiers', 'errors', 'common']);
  const actor = useActorRef(props.loader);
  const url = useSelector(actor, selectLoadedData<string>);
  const failed = useSelector(actor, selectIsLoadFailed);
  const error = useSelector(actor, selectLoadError);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Dialog
      open
      width="small"
      onClose={props.onClose}
      title={t('identifiers:qr.title', { name: props.name })}
      footer={
        <>
          {url ? (
            <a
              className="rounded border border-line px-3 py-1.5 text-[13px] font-medium"
              href={url}
              download={`${props.name}.png`}
            >
              {t('identifiers:qr.download')}
            </a>
          ) : null}
          <Button variant="primary" onClick={props.onClose}>
            {t('common:actions.close')}
          </Button>
        </>
      }
    >
      {url ? (
        <div className="flex justify-center">
          <img src={url} alt={t('identifiers:qr.alt', { value: props.value })} className="w-full max-w-[256px]" />
        </div>
      ) : failed ? (
        <p role="alert" className="text-danger-700">
          {translateError(t, error as never)}
        </p>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}
