import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { IMPORT_DUPLICATE_ACTIONS, type ImportDuplicateAction } from '../../contract/entities/identifier';
import type { IdentifierImportMachine } from '../../machines/identifier-import/identifier-import.machine';
import {
  selectImportAction,
  selectImportDuplicates,
  selectImportFailure,
  selectImportFile,
  selectImportReport,
  selectImportRows,
  selectImportStep,
  selectRowAction,
} from '../../machines/identifier-import/identifier-import.selectors';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { translateError, translateFieldError } from '../kit/translate-error';

type Actor = ActorRefFrom<IdentifierImportMachine>;

/** The action of one duplicate row (its own, or the one for all). */
function RowAction({ actor, row }: { actor: Actor; row: number }) {
  const { t } = useTranslation('identifiers');
  const action = useSelector(actor, selectRowAction(row));
  return (
    <select
      aria-label={t('import.actionRow', { row })}
      className="rounded border border-line bg-surface px-1 py-0.5 text-[13px]"
      value={action}
      onChange={(e) =>
        actor.send({ type: 'import.actionForRow', row, action: e.target.value as ImportDuplicateAction })
      }
    >
      {IMPORT_DUPLICATE_ACTIONS.map((a) => (
        <option key={a} value={a}>
          {t(`import.actions.${a}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * The identifier import (2.5 "import of duplicate identifiers"): the file, the check, the duplicates
 * with an action for all and per row, then the report. A failed step shows why and keeps everything,
 * so the same button retries it.
 */
export function IdentifierImportDialog({ actor, onClose }: { actor: Actor; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation(['identifiers', 'errors', 'common']);
  const step = useSelector(actor, selectImportStep);
  const file = useSelector(actor, selectImportFile);
  const failure = useSelector(actor, selectImportFailure);
  const duplicates = useSelector(actor, selectImportDuplicates);
  const rows = useSelector(actor, selectImportRows);
  const action = useSelector(actor, selectImportAction);
  const report = useSelector(actor, selectImportReport);
  const busy = step === 'checking' || step === 'continuing';
  const message = (code: string, params?: Record<string, unknown>) =>
    translateError(t, { code, ...(params ? { params } : {}) });

  const footer =
    step === 'report' ? (
      <>
        <Button onClick={() => actor.send({ type: 'import.again' })}>{t('identifiers:import.again')}</Button>
        <Button variant="primary" onClick={() => onClose(true)}>
          {t('common:actions.close')}
        </Button>
      </>
    ) : step === 'duplicates' || step === 'continuing' ? (
      <>
        <Button disabled={busy} onClick={() => actor.send({ type: 'import.discard' })}>
          {t('identifiers:import.discard')}
        </Button>
        <Button variant="primary" loading={busy} onClick={() => actor.send({ type: 'import.continue' })}>
          {failure ? t('identifiers:import.retry') : t('identifiers:import.continue')}
        </Button>
      </>
    ) : (
      <>
        <Button disabled={busy} onClick={() => onClose(false)}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="primary"
          loading={busy}
          disabled={file === null}
          onClick={() => actor.send({ type: 'import.start' })}
        >
          {failure ? t('identifiers:import.retry') : t('identifiers:import.start')}
        </Button>
      </>
    );

  return (
    <Dialog
      open
      width="wide"
      onClose={() => (busy ? undefined : onClose(step === 'report'))}
      title={t('identifiers:import.title')}
      footer={footer}
    >
      {busy ? (
        <div role="progressbar" aria-label={t(`identifiers:import.${step}`)} className="mb-3 space-y-1">
          <div className="h-1.5 overflow-hidden rounded bg-surface-muted">
            <div className="h-full w-1/3 animate-pulse rounded bg-brand-600" />
          </div>
          <p className="text-xs text-muted">{t(`identifiers:import.${step}`)}</p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="mb-3 text-danger-700">
          {translateError(t, failure)}
        </p>
      ) : null}
      {step === 'report' && report ? (
        <div className="space-y-3">
          <ul className="grid grid-cols-3 gap-2 text-center" aria-label={t('identifiers:import.summary')}>
            {(['created', 'replaced', 'skipped'] as const).map((k) => (
              <li key={k} className="rounded-md bg-surface-muted px-2 py-2">
                <div className="text-lg font-semibold">{report[k]}</div>
                <div className="text-xs text-muted">{t(`identifiers:import.${k}`)}</div>
              </li>
            ))}
          </ul>
          {report.errors.length === 0 ? (
            <p role="status">{t('identifiers:import.clean')}</p>
          ) : (
            <div>
              <p className="mb-2 font-medium text-danger-700">
                {t('identifiers:import.refused', { count: report.errors.length })}
              </p>
              <table className="w-full text-left text-[13px]">
                <thead className="text-muted">
                  <tr>
                    <th className="py-1 pr-2 font-medium">{t('identifiers:import.row')}</th>
                    <th className="py-1 font-medium">{t('identifiers:import.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.errors.slice(0, 100).map((e) => (
                    <tr key={`${e.row}-${e.column ?? ''}`} className="border-t border-line">
                      <td className="py-1 pr-2">{e.row}</td>
                      <td className="py-1">
                        {message(e.message, e.params)}
                        {typeof e.params?.code === 'string' ? (
                          <span className="text-muted">
                            {' — '}
                            {translateFieldError(t, { code: e.params.code, params: e.params })}
                          </span>
                        ) : null}
                        {e.column ? <span className="text-muted"> ({e.column})</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : step === 'duplicates' || step === 'continuing' ? (
        <div className="space-y-3">
          <p className="font-medium">{t('identifiers:import.duplicates', { count: duplicates.length, rows })}</p>
          <label className="flex items-center gap-2 text-[13px]">
            <span className="font-medium">{t('identifiers:import.forAll')}</span>
            <select
              className="rounded border border-line bg-surface px-1 py-0.5"
              value={action}
              disabled={busy}
              onChange={(e) =>
                actor.send({ type: 'import.actionForAll', action: e.target.value as ImportDuplicateAction })
              }
            >
              {IMPORT_DUPLICATE_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`identifiers:import.actions.${a}`)}
                </option>
              ))}
            </select>
          </label>
          <table className="w-full text-left text-[13px]">
            <thead className="text-muted">
              <tr>
                <th className="py-1 pr-2 font-medium">{t('identifiers:import.row')}</th>
                <th className="py-1 pr-2 font-medium">{t('identifiers:fields.type')}</th>
                <th className="py-1 pr-2 font-medium">{t('identifiers:fields.value')}</th>
                <th className="py-1 pr-2 font-medium">{t('identifiers:import.existing')}</th>
                <th className="py-1 font-medium">{t('identifiers:import.action')}</th>
              </tr>
            </thead>
            <tbody>
              {duplicates.map((d) => (
                <tr key={d.row} className="border-t border-line">
                  <td className="py-1 pr-2">{d.row}</td>
                  <td className="py-1 pr-2">{t(`identifiers:types.${d.type}`)}</td>
                  <td className="py-1 pr-2 font-mono">{d.value}</td>
                  <td className="py-1 pr-2">
                    {d.existing.name ?? d.value}
                    {d.existing.owner ? <span className="text-muted"> · {d.existing.owner.name}</span> : null}
                  </td>
                  <td className="py-1">
                    <RowAction actor={actor} row={d.row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-muted">{t('identifiers:import.explain')}</p>
          <label className="block space-y-1">
            <span className="text-[13px] font-medium">{t('identifiers:import.file')}</span>
            <input
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              className="block w-full text-sm"
              onChange={(event) => actor.send({ type: 'import.fileChosen', file: event.target.files?.[0] ?? null })}
            />
            {file ? <span className="text-xs text-muted">{file.name}</span> : null}
          </label>
        </div>
      )}
    </Dialog>
  );
}
