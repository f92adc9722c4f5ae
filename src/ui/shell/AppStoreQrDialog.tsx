import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_APP_LINKS } from '../../contract/constants';
import type { MobileAppLinks } from '../../contract/entities/server-settings';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { CopyableText } from '../kit/TextCopyDialog';

/** Draws a URL as an SVG QR code (a data URL an <img> shows; the CSP allows data: images). */
function useQrCode(url: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    let live = true;
    QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then(
        (svg) =>
          live && setState({ src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, failed: false }),
      )
      .catch(() => live && setState({ src: null, failed: true }));
    return () => {
      live = false;
    };
  }, [url]);
  return state;
}

function StoreCode(props: { store: string; url: string }) {
  const { t } = useTranslation('shell');
  const { src, failed } = useQrCode(props.url);
  return (
    <figure className="flex flex-col items-center gap-2 rounded-md border border-line p-3">
      <figcaption className="text-sm font-semibold">{props.store}</figcaption>
      {src ? (
        <img src={src} alt={t('appStore.qr', { store: props.store })} width={176} height={176} className="bg-white" />
      ) : (
        <div className="flex size-44 items-center justify-center bg-surface-muted text-center text-xs text-muted">
          {failed ? t('appStore.failed') : null}
        </div>
      )}
      <a href={props.url} target="_blank" rel="noopener noreferrer" className="text-xs text-brand-700 underline">
        {t('appStore.open', { store: props.store })}
      </a>
      <div className="w-full">
        <CopyableText text={props.url} rows={3} label={props.store} />
      </div>
    </figure>
  );
}

/** The QR app-store dialog of 2.5: the mobile companion app in the App Store and Google Play. */
export function AppStoreQrDialog(props: { open: boolean; links?: MobileAppLinks | null; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const links = props.links ?? MOBILE_APP_LINKS;
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t('shell:appStore.title')}
      footer={<Button onClick={props.onClose}>{t('common:actions.close')}</Button>}
    >
      <p className="mb-3 text-muted">{t('shell:appStore.explain')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <StoreCode store={t('shell:appStore.appStore')} url={links.app_store_url} />
        <StoreCode store={t('shell:appStore.googlePlay')} url={links.play_store_url} />
      </div>
    </Dialog>
  );
}
