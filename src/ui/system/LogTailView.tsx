import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LogTail } from '../../contract/entities/system';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { cx } from '../kit/class-names';
import { Loaded } from './Loaded';
import { readLogLine } from './log-lines';

/** The last 100 lines of one file, newest last, levels coloured. */
export function LogTailView({ tailRef, name }: { tailRef: ActorRefFrom<LoaderMachine>; name: string }) {
  const { t } = useTranslation('system');
  return (
    <Card
      title={t('logs.lines', { name })}
      actions={
        <Button size="sm" variant="ghost" onClick={() => tailRef.send({ type: 'loader.reload' })}>
          {t('logs.refresh')}
        </Button>
      }
    >
      <Loaded<LogTail> actor={tailRef} loading={t('logs.linesLoading')} failed={t('logs.linesFailed')}>
        {(tail) =>
          tail.lines.length === 0 ? (
            <p className="text-muted">{t('logs.noLines')}</p>
          ) : (
            <ol className="max-h-[60vh] overflow-auto rounded bg-canvas p-2 font-mono text-[12px] leading-5">
              {tail.lines.map((line, index) => {
                const read = readLogLine(line);
                return (
                  // Lines have no identity of their own; their place in the tail is it.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={index} className="break-all whitespace-pre-wrap">
                    {read.time ? <span className="text-muted">{read.time.slice(0, 19).replace('T', ' ')} </span> : null}
                    {read.level ? (
                      <span
                        className={cx(
                          'font-semibold',
                          read.level === 'error' || read.level === 'fatal'
                            ? 'text-danger-600'
                            : read.level === 'warn'
                              ? 'text-warning-600'
                              : 'text-info-600',
                        )}
                      >
                        {read.level.toUpperCase()}{' '}
                      </span>
                    ) : null}
                    <span>{read.message}</span>
                    {read.extra ? <span className="text-muted"> {read.extra}</span> : null}
                  </li>
                );
              })}
            </ol>
          )
        }
      </Loaded>
    </Card>
  );
}
