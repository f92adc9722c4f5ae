import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { errorReport, type StructureImportMachine } from '../../machines/structure-import/structure-import.machine';
import {
  selectCanStart,
  selectImportFailure,
  selectImportFile,
  selectImportResult,
  selectIsFinished,
  selectIsUploading,
} from '../../machines/structure-import/structure-import.selectors';
import { PickerDialog } from '../entities/PickerDialog';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { translateError } from '../kit/translate-error';

/** Offers the refused rows as a CSV file (built from the snapshot; no call to the server). */
function downloadReport(csv: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'structure-import-errors.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The structure import of a group: file and role, progress while the server works, then the report. */
export function StructureImportDialog(props: {
  actor: ActorRefFrom<StructureImportMachine>;
  groupName: string;
  roles: PickerSpec;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation(['groups', 'errors', 'common']);
  const { actor } = props;
  const file = useSelector(actor, selectImportFile);
  const result = useSelector(actor, selectImportResult);
  const failure = useSelector(actor, selectImportFailure);
  const uploading = useSelector(actor, selectIsUploading);
  const finished = useSelector(actor, selectIsFinished);
  const canStart = useSelector(actor, selectCanStart);
  const [role, setRole] = useState<ListRow | null>(null);
  const [choosingRole, setChoosingRole] = useState(false);
  const message = (code: string, params?: Record<string, unknown>) =>
    translateError(t, { code, ...(params ? { params } : {}) });

  const footer = finished ? (
    <>
      {result && result.errors.length > 0 ? (
        <Button onClick={() => downloadReport(errorReport(result.errors, (code) => message(code)))}>
          {t('groups:import.report')}
        </Button>
      ) : null}
      <Button onClick={() => actor.send({ type: 'import.again' })}>{t('groups:import.again')}</Button>
      <Button variant="primary" onClick={() => props.onClose(true)}>
        {t('common:actions.close')}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={() => props.onClose(false)} disabled={uploading}>
        {t('common:actions.cancel')}
      </Button>
      <Button
        variant="primary"
        loading={uploading}
        disabled={!canStart}
        onClick={() => actor.send({ type: 'import.start' })}
      >
        {t('groups:import.start')}
      </Button>
    </>
  );

  return (
    <Dialog
      open
      onClose={() => (uploading ? undefined : props.onClose(finished))}
      title={t('groups:import.title', { name: props.groupName })}
      footer={footer}
    >
      {finished && result ? (
        <div className="space-y-3">
          <ul className="grid grid-cols-3 gap-2 text-center" aria-label={t('groups:import.summary')}>
            <li className="rounded-md bg-surface-muted px-2 py-2">
              <div className="text-lg font-semibold">{result.groups_created}</div>
              <div className="text-xs text-muted">{t('groups:import.groupsCreated')}</div>
            </li>
            <li className="rounded-md bg-surface-muted px-2 py-2">
              <div className="text-lg font-semibold">{result.users_created}</div>
              <div className="text-xs text-muted">{t('groups:import.usersCreated')}</div>
            </li>
            <li className="rounded-md bg-surface-muted px-2 py-2">
              <div className="text-lg font-semibold">{result.users_attached}</div>
              <div className="text-xs text-muted">{t('groups:import.usersAttached')}</div>
            </li>
          </ul>
          {result.errors.length === 0 ? (
            <p role="status">{t('groups:import.clean')}</p>
          ) : (
            <div role="alert">
              <p className="mb-2 font-medium text-danger-700">
                {t('groups:import.refused', { count: result.errors.length })}
              </p>
              <table className="w-full text-left text-[13px]">
                <thead className="text-muted">
                  <tr>
                    <th className="py-1 pr-2 font-medium">{t('groups:import.sheet')}</th>
                    <th className="py-1 pr-2 font-medium">{t('groups:import.rowNumber')}</th>
                    <th className="py-1 font-medium">{t('groups:import.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.errors.slice(0, 50).map((e) => (
                    <tr key={`${e.sheet}-${e.row}-${e.column ?? ''}`} className="border-t border-line">
                      <td className="py-1 pr-2">{e.sheet}</td>
                      <td className="py-1 pr-2">{e.row}</td>
                      <td className="py-1">
                        {message(e.message, e.params)}
                        {e.column ? <span className="text-muted"> ({e.column})</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-muted">{t('groups:import.explain')}</p>
          <label className="block space-y-1">
            <span className="text-[13px] font-medium">{t('groups:import.file')}</span>
            <input
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={uploading}
              className="block w-full text-sm"
              onChange={(event) => actor.send({ type: 'import.fileChosen', file: event.target.files?.[0] ?? null })}
            />
            {file ? <span className="text-xs text-muted">{file.name}</span> : null}
          </label>
          <div className="flex items-center gap-3">
            <span className="text-[13px] font-medium">{t('groups:import.role')}</span>
            <span>{role ? String(role.name) : t('groups:import.noRole')}</span>
            <Button size="sm" disabled={uploading} onClick={() => setChoosingRole(true)}>
              {t('groups:import.chooseRole')}
            </Button>
          </div>
          {uploading ? (
            <div role="progressbar" aria-label={t('groups:import.working')} className="space-y-1">
              <div className="h-1.5 overflow-hidden rounded bg-surface-muted">
                <div className="h-full w-1/3 animate-pulse rounded bg-brand-600" />
              </div>
              <p className="text-xs text-muted">{t('groups:import.working')}</p>
            </div>
          ) : null}
          {failure ? (
            <p role="alert" className="text-danger-700">
              {translateError(t, failure)}
            </p>
          ) : null}
          <PickerDialog
            open={choosingRole}
            title={props.roles.title}
            machine={props.roles.machine}
            input={{ multiple: false, selected: role ? [role] : [] }}
            describe={props.roles.describe}
            searchLabel={props.roles.searchLabel}
            onConfirm={(rows) => {
              const chosen = rows[0] ?? null;
              setRole(chosen);
              actor.send({ type: 'import.roleChosen', roleId: chosen?.id ?? null });
              setChoosingRole(false);
            }}
            onClose={() => setChoosingRole(false)}
          />
        </div>
      )}
    </Dialog>
  );
}
