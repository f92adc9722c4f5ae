import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsLoadFailed, selectIsLoading, selectLoadError } from '../../machines/loader/loader.selectors';
import { usePageMachines } from '../app/actor-context';
import { Button } from '../kit/Button';
import { translateError } from '../kit/translate-error';

/** Download all (zip): each click a new download, the button busy while it is prepared. */
export function LogsDownload() {
  const [round, setRound] = useState(0);
  return round === 0 ? (
    <DownloadButton busy={false} onClick={() => setRound(1)} />
  ) : (
    <Downloading key={round} again={() => setRound((n) => n + 1)} />
  );
}

function Downloading({ again }: { again: () => void }) {
  const { logsDownload } = usePageMachines();
  const ref = useActorRef(logsDownload());
  const busy = useSelector(ref, selectIsLoading);
  const failed = useSelector(ref, selectIsLoadFailed);
  const error = useSelector(ref, selectLoadError);
  const { t } = useTranslation(['system', 'errors']);
  return (
    <span className="flex items-center gap-2">
      {failed && error ? <span className="text-xs text-danger-600">{translateError(t, error)}</span> : null}
      <DownloadButton busy={busy} onClick={again} />
    </span>
  );
}

function DownloadButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { t } = useTranslation('system');
  return (
    <Button size="sm" loading={busy} onClick={onClick}>
      {busy ? t('logs.downloading') : t('logs.download')}
    </Button>
  );
}
