import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LogFile } from '../../contract/entities/system';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { usePageMachines } from '../app/actor-context';
import { formatInstant } from '../call-history/call-format';
import { Badge } from '../kit/Badge';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { cx } from '../kit/class-names';
import { EmptyState } from '../kit/EmptyState';
import { Loaded } from './Loaded';
import { LogsDownload } from './LogsDownload';
import { LogTailView } from './LogTailView';
import { formatBytes } from './system-format';

/** The log files (7.8 available logs), the last 100 lines of the chosen one, the zip of all (7.2). */
export function LogsPanel({
  filesRef,
  tail = (name) => <LogTailCard key={name} name={name} />,
}: {
  filesRef: ActorRefFrom<LoaderMachine>;
  /** The chosen file's last lines (stories give a frozen one). */
  tail?: (name: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation('system');
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="grid gap-3 xl:grid-cols-[minmax(0,2fr)_minmax(0,5fr)]">
      <Card
        title={t('logs.title')}
        actions={
          <div className="flex gap-2">
            <Button size="sm" variant="ghost" onClick={() => filesRef.send({ type: 'loader.reload' })}>
              {t('logs.refresh')}
            </Button>
            <LogsDownload />
          </div>
        }
      >
        <Loaded<LogFile[]> actor={filesRef} loading={t('logs.loading')} failed={t('logs.failed')}>
          {(files) =>
            files.length === 0 ? (
              <EmptyState title={t('logs.empty')} />
            ) : (
              <ul className="divide-y divide-line text-[13px]" aria-label={t('logs.title')}>
                {files.map((file) => {
                  const selected = (chosen ?? files[0]?.name) === file.name;
                  return (
                    <li key={file.name}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        onClick={() => setChosen(file.name)}
                        className={cx(
                          'flex w-full items-center justify-between gap-2 px-2 py-1.5 text-left hover:bg-canvas',
                          selected && 'bg-brand-50',
                        )}
                      >
                        <span className="font-mono">{file.name}</span>
                        <span className="flex items-center gap-2 text-xs text-muted">
                          {file.current ? <Badge tone="success">{t('logs.current')}</Badge> : null}
                          {formatBytes(file.size_bytes, i18n.language)}
                          <span>{formatInstant(file.modified_at, i18n.language)}</span>
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )
          }
        </Loaded>
      </Card>
      <LogTailFor filesRef={filesRef} chosen={chosen} tail={tail} />
    </div>
  );
}

/** The tail of the chosen file, or of the one being written. */
function LogTailFor(props: {
  filesRef: ActorRefFrom<LoaderMachine>;
  chosen: string | null;
  tail: (name: string) => ReactNode;
}) {
  const { filesRef, chosen } = props;
  const { t } = useTranslation('system');
  const files = useSelector(filesRef, (s) => s.context.data as LogFile[] | null);
  const name = chosen ?? files?.[0]?.name ?? null;
  if (!name) return <Card title={t('logs.title')}>{t('logs.choose')}</Card>;
  return <>{props.tail(name)}</>;
}

function LogTailCard({ name }: { name: string }) {
  const { logTail } = usePageMachines();
  const tailRef = useActorRef(logTail(name));
  return <LogTailView tailRef={tailRef} name={name} />;
}
