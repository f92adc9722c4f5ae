import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { USER_FILE_FORMATS } from '../../contract/entities/user-transfer';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { errorReport } from '../../machines/structure-import/structure-import.machine';
import type { UserTransferMachine } from '../../machines/user-transfer/user-transfer.machine';
import {
  selectCanExport,
  selectCanUpload,
  selectIsBusy,
  selectIsExporting,
  selectIsFinished,
  selectIsUploading,
  selectTransferFailure,
  selectTransferFile,
  selectTransferFormat,
  selectTransferResult,
} from '../../machines/user-transfer/user-transfer.selectors';
import { PickerDialog } from '../entities/PickerDialog';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { Dialog } from '../kit/Dialog';
import { translateError } from '../kit/translate-error';
import { ImportReport } from './ImportReport';

/** Offers the refused rows as a CSV file (built from the snapshot; no call to the server). */
function downloadReport(csv: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'users-upload-errors.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A chosen row of a picker: its name beside a button that opens the picker. */
function PickedRow(props: {
  label: string;
  empty: string;
  choose: string;
  picker: PickerSpec;
  value: ListRow | null;
  disabled: boolean;
  onChange: (row: ListRow | null) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="w-40 text-[13px] font-medium">{props.label}</span>
      <span className={props.value ? '' : 'text-muted'}>{props.value ? String(props.value.name) : props.empty}</span>
      <Button size="sm" disabled={props.disabled} onClick={() => setOpen(true)}>
        {props.choose}
      </Button>
      <PickerDialog
        open={open}
        title={props.picker.title}
        machine={props.picker.machine}
        input={{ multiple: false, selected: props.value ? [props.value] : [] }}
        describe={props.picker.describe}
        searchLabel={props.picker.searchLabel}
        onConfirm={(rows) => {
          props.onChange(rows[0] ?? null);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

/** Props of {@link UserTransferDialog}. */
export interface UserTransferDialogProps {
  actor: ActorRefFrom<UserTransferMachine>;
  /** `upload`: the batch user upload; `byGroup`: export and import of a chosen group's users. */
  mode: 'upload' | 'byGroup';
  groups: PickerSpec;
  roles: PickerSpec;
  /** The calls the caller may make (export and import of a group's users). */
  can: { export: boolean; import: boolean };
  /** A group already chosen (the page's filter), shown until another is picked. */
  group?: ListRow | null;
  onClose: (changed: boolean) => void;
}

/** The batch user upload and the users export/import by group dialogs of 2.5, over `userTransfer`. */
export function UserTransferDialog(props: UserTransferDialogProps) {
  const { t } = useTranslation(['users', 'errors', 'common']);
  const { actor } = props;
  const file = useSelector(actor, selectTransferFile);
  const format = useSelector(actor, selectTransferFormat);
  const result = useSelector(actor, selectTransferResult);
  const failure = useSelector(actor, selectTransferFailure);
  const busy = useSelector(actor, selectIsBusy);
  const exporting = useSelector(actor, selectIsExporting);
  const uploading = useSelector(actor, selectIsUploading);
  const finished = useSelector(actor, selectIsFinished);
  const canExport = useSelector(actor, selectCanExport);
  const canUpload = useSelector(actor, selectCanUpload);
  const [group, setGroup] = useState<ListRow | null>(props.group ?? null);
  const [role, setRole] = useState<ListRow | null>(null);
  const byGroup = props.mode === 'byGroup';
  const changed = (result?.users_created ?? 0) + (result?.users_attached ?? 0) > 0;

  const footer = finished ? (
    <>
      {result && result.errors.length > 0 ? (
        <Button onClick={() => downloadReport(errorReport(result.errors, (code) => translateError(t, { code })))}>
          {t('users:transfer.report')}
        </Button>
      ) : null}
      <Button onClick={() => actor.send({ type: 'transfer.again' })}>{t('users:transfer.again')}</Button>
      <Button variant="primary" onClick={() => props.onClose(changed)}>
        {t('common:actions.close')}
      </Button>
    </>
  ) : (
    <>
      <Button onClick={() => props.onClose(false)} disabled={busy}>
        {t('common:actions.cancel')}
      </Button>
      {props.can.import ? (
        <Button
          variant="primary"
          loading={uploading}
          disabled={!canUpload}
          onClick={() => actor.send({ type: 'transfer.start' })}
        >
          {t('users:transfer.start')}
        </Button>
      ) : null}
    </>
  );

  return (
    <Dialog
      open
      onClose={() => (busy ? undefined : props.onClose(finished && changed))}
      title={byGroup ? t('users:transfer.byGroupTitle') : t('users:transfer.uploadTitle')}
      footer={footer}
    >
      {finished && result ? (
        <ImportReport result={result} />
      ) : (
        <div className="space-y-4">
          <PickedRow
            label={t('users:transfer.group')}
            empty={t('users:transfer.noGroup')}
            choose={t('users:transfer.chooseGroup')}
            picker={props.groups}
            value={group}
            disabled={busy}
            onChange={(row) => {
              setGroup(row);
              actor.send({ type: 'transfer.groupChosen', groupId: row?.id ?? null });
            }}
          />
          {byGroup && props.can.export ? (
            <section aria-labelledby="users-export" className="space-y-2 rounded-md border border-line p-3">
              <h3 id="users-export" className="font-semibold">
                {t('users:transfer.exportSection')}
              </h3>
              <p className="text-xs text-muted">{t('users:transfer.exportExplain')}</p>
              <fieldset className="flex flex-wrap items-center gap-4">
                <legend className="sr-only">{t('users:transfer.format')}</legend>
                {USER_FILE_FORMATS.map((value) => (
                  <label key={value} className="flex items-center gap-1.5">
                    <input
                      type="radio"
                      name="users-export-format"
                      value={value}
                      checked={format === value}
                      disabled={busy}
                      onChange={() => actor.send({ type: 'transfer.formatChosen', format: value })}
                    />
                    {t(`users:transfer.formats.${value}`)}
                  </label>
                ))}
                <Button
                  size="sm"
                  loading={exporting}
                  disabled={!canExport}
                  onClick={() => actor.send({ type: 'transfer.export' })}
                >
                  {t('users:transfer.export')}
                </Button>
              </fieldset>
              {exporting ? (
                <p role="status" className="text-xs text-muted">
                  {t('users:transfer.exporting')}
                </p>
              ) : null}
            </section>
          ) : null}
          {props.can.import ? (
            <section
              aria-labelledby="users-import"
              className={byGroup ? 'space-y-3 rounded-md border border-line p-3' : 'space-y-3'}
            >
              {byGroup ? (
                <h3 id="users-import" className="font-semibold">
                  {t('users:transfer.importSection')}
                </h3>
              ) : (
                <h3 id="users-import" className="sr-only">
                  {t('users:transfer.importSection')}
                </h3>
              )}
              <p className="text-xs text-muted">{t('users:transfer.explain')}</p>
              <PickedRow
                label={t('users:transfer.role')}
                empty={t('users:transfer.noRole')}
                choose={t('users:transfer.chooseRole')}
                picker={props.roles}
                value={role}
                disabled={busy}
                onChange={(row) => {
                  setRole(row);
                  actor.send({ type: 'transfer.roleChosen', roleId: row?.id ?? null });
                }}
              />
              <label className="block space-y-1">
                <span className="text-[13px] font-medium">{t('users:transfer.file')}</span>
                <input
                  type="file"
                  accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  disabled={busy}
                  className="block w-full text-sm"
                  onChange={(event) =>
                    actor.send({ type: 'transfer.fileChosen', file: event.target.files?.[0] ?? null })
                  }
                />
                {file ? (
                  <span className="text-xs text-muted">
                    {t('users:transfer.fileSize', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}
                  </span>
                ) : null}
              </label>
            </section>
          ) : null}
          {uploading ? (
            <div
              role="progressbar"
              aria-label={t('users:transfer.working', { name: file?.name ?? '' })}
              className="space-y-1"
            >
              <div className="h-1.5 overflow-hidden rounded bg-surface-muted">
                <div className="h-full w-1/3 animate-pulse rounded bg-brand-600" />
              </div>
              <p className="text-xs text-muted">{t('users:transfer.working', { name: file?.name ?? '' })}</p>
            </div>
          ) : null}
          {failure ? (
            <p role="alert" className="text-danger-700">
              {translateError(t, failure)}
            </p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
