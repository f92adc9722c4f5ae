import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTIFIER_FILE_FORMATS } from '../../contract/entities/identifier';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';

type Format = (typeof IDENTIFIER_FILE_FORMATS)[number];

/** Runs one export: the loader downloads the file, then the runner reports done. */
function ExportRunner({ loader, onDone }: { loader: LoaderMachine; onDone: () => void }) {
  const actor = useActorRef(loader);
  const settled = useSelector(actor, (s) => s.matches('loaded') || s.matches('failed'));
  useEffect(() => {
    if (settled) onDone();
  }, [settled, onDone]);
  return null;
}

/** The export format picker (2.5): xlsx or csv, then the download with the list's filters. */
export function IdentifierExportDialog(props: { exporter: (format: Format) => LoaderMachine; onClose: () => void }) {
  const { t } = useTranslation(['identifiers', 'common']);
  const [format, setFormat] = useState<Format>('xlsx');
  const [running, setRunning] = useState<LoaderMachine | null>(null);
  return (
    <Dialog
      open
      width="small"
      onClose={() => (running ? undefined : props.onClose())}
      title={t('identifiers:export.title')}
      footer={
        <>
          <Button disabled={running !== null} onClick={props.onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="primary" loading={running !== null} onClick={() => setRunning(props.exporter(format))}>
            {t('identifiers:export.start')}
          </Button>
        </>
      }
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-[13px] font-medium">{t('identifiers:export.format')}</legend>
        {IDENTIFIER_FILE_FORMATS.map((f) => (
          <label key={f} className="flex items-center gap-2">
            <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
            {t(`identifiers:export.${f}`)}
          </label>
        ))}
      </fieldset>
      {running ? <ExportRunner loader={running} onDone={props.onClose} /> : null}
    </Dialog>
  );
}
