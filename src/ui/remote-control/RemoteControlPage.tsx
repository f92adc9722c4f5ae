import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { REMOTE_CONTROL, type RemoteControlPayloadClaims } from '../../contract/remote-control';
import { usePageMachines } from '../app/actor-context';
import { pageWidth } from '../kit/page-width';
import { RemoteControlStandaloneView } from './RemoteControlStandaloneView';

/** The claims the payload carries, read without checking (the server checks it on every command). */
export function readPayload(payload: string | null): RemoteControlPayloadClaims | null {
  const part = payload?.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))),
    ) as Partial<RemoteControlPayloadClaims>;
    return typeof claims.sid === 'string' && typeof claims.serial === 'string'
      ? { sid: claims.sid, serial: claims.serial, name: typeof claims.name === 'string' ? claims.name : claims.serial }
      : null;
  } catch {
    return null;
  }
}

function Session({ payload, claims }: { payload: string; claims: RemoteControlPayloadClaims }) {
  const { remoteControl } = usePageMachines();
  const remoteRef = useActorRef(remoteControl, {
    input: { session_id: claims.sid, payload, serial_number: claims.serial, device_name: claims.name },
  });
  return <RemoteControlStandaloneView remoteRef={remoteRef} />;
}

/** /devices/remote-control?payload=… (2.1 standalone): one device's session, outside the layout. */
export function RemoteControlPage() {
  const { t } = useTranslation('remoteControl');
  const [params] = useSearchParams();
  const payload = params.get(REMOTE_CONTROL.payloadParam);
  const claims = readPayload(payload);
  if (!payload || !claims)
    return (
      <main className={`${pageWidth('readable')} p-6`}>
        <h1 className="mb-2 text-lg font-semibold text-ink">{t('title')}</h1>
        <p className="text-sm text-muted">{t('noPayload')}</p>
      </main>
    );
  return <Session payload={payload} claims={claims} />;
}
