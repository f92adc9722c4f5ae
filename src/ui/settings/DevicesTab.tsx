import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { BrokerCertificatesSchema, DeviceBackupResultSchema } from '../../contract/entities/project-settings';
import { selectFieldError, selectFormItem } from '../../machines/entity-form/entity-form.selectors';
import { usePageMachines } from '../app/actor-context';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { FieldErrorText } from '../kit/FieldErrorText';
import { formatDateTime } from '../kit/format-date';
import { translateError } from '../kit/translate-error';
import { CommandConfirm } from '../users/CommandConfirm';
import { FormPemFile } from './FormPemFile';
import { brokerCertificateForm, deviceBackupForm, settingsCommandForm } from './project-settings-form';
import { SettingsSection } from './SettingsSection';
import { useSectionForm } from './use-section-form';

/**
 * The devices tab: the device broker's TLS certificate (it serves every project of the
 * installation; the broker takes it at its next restart) and the device backup import.
 */
export function DevicesTab() {
  const { t, i18n } = useTranslation(['settings', 'errors']);
  const mayEdit = useMayCall('POST /project/broker');
  const section = useSectionForm(usePageMachines().settingsForms.broker, brokerCertificateForm, mayEdit);
  const b = useFormItem(section.formRef, BrokerCertificatesSchema);
  const mayRemove = useMayCall('DELETE /project/broker');
  const mayImport = useMayCall('POST /project/import/device-backup');
  const [removing, setRemoving] = useState(false);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <SettingsSection
        section={section}
        title={t('devices.broker')}
        description={t('devices.brokerDescription')}
        mayEdit={mayEdit}
        rows={
          b
            ? [
                { label: t('devices.source'), value: t(`devices.sources.${b.source}`) },
                ...(b.certificate
                  ? [
                      { label: t('devices.subject'), value: b.certificate.subject },
                      { label: t('devices.issuer'), value: b.certificate.issuer },
                      {
                        label: t('devices.valid'),
                        value: `${formatDateTime(b.certificate.valid_from, i18n.language)} – ${formatDateTime(b.certificate.valid_to, i18n.language)}`,
                      },
                    ]
                  : []),
                {
                  label: t('devices.inUse'),
                  value: b.is_embedded
                    ? b.is_active
                      ? t('devices.active')
                      : t('devices.restartNeeded')
                    : t('devices.external'),
                },
              ]
            : []
        }
        actions={
          mayRemove && b?.source === 'stored' ? (
            <Button size="sm" variant="ghost" onClick={() => setRemoving(true)}>
              {t('devices.brokerRemove')}
            </Button>
          ) : null
        }
        fields={
          <div className="space-y-3">
            <FormPemFile formRef={section.formRef} field="cert" label={t('devices.cert')} />
            <FormPemFile formRef={section.formRef} field="key" label={t('devices.key')} />
          </div>
        }
      />
      {removing ? (
        <BrokerRemove
          onClose={() => setRemoving(false)}
          onDone={(item) => {
            section.formRef.send({ type: 'form.itemChanged', item });
            setRemoving(false);
          }}
        />
      ) : null}
      {mayImport ? (
        <Card
          title={t('devices.backup')}
          actions={
            <Button size="sm" onClick={() => setImporting(true)}>
              {t('devices.backupImport')}
            </Button>
          }
        >
          <p className="text-[13px] text-muted">{t('devices.backupDescription')}</p>
        </Card>
      ) : null}
      {importing ? <BackupImport onClose={() => setImporting(false)} translate={(f) => translateError(t, f)} /> : null}
    </>
  );
}

const BROKER_REMOVE = settingsCommandForm('settings:devices.brokerRemoved');

function BrokerRemove({ onClose, onDone }: { onClose: () => void; onDone: (item: unknown) => void }) {
  const { t } = useTranslation('settings');
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.brokerRemove,
    { id: 0, item: {}, definition: BROKER_REMOVE },
    (saved) => onDone(saved.item),
  );
  return (
    <CommandConfirm
      formRef={formRef}
      title={t('devices.brokerRemove')}
      message={t('devices.brokerRemoveMessage')}
      confirmLabel={t('devices.brokerRemove')}
      tone="danger"
      onClose={onClose}
    />
  );
}

/** Upload a device backup file; the answer lists what could not be applied. */
function BackupImport({
  onClose,
  translate,
}: {
  onClose: () => void;
  translate: (failure: { code: string }) => string;
}) {
  const { t } = useTranslation('settings');
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.deviceBackup,
    { id: 0, item: {}, definition: deviceBackupForm },
    () => {},
  );
  const error = useSelector(formRef, selectFieldError('file'));
  const item = useSelector(formRef, selectFormItem);
  const result = v.is(DeviceBackupResultSchema, item) ? item : null;
  return (
    <EntityFormDialog formRef={formRef} title={t('devices.backupImport')} onClose={onClose}>
      <div>
        <label htmlFor="device-backup-file" className="mb-1 block text-[13px] font-medium text-ink">
          {t('devices.backupFile')}
        </label>
        <input
          id="device-backup-file"
          type="file"
          accept="application/json,.json"
          onChange={(event) =>
            formRef.send({ type: 'field.change', field: 'file', value: event.target.files?.[0] ?? null })
          }
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm"
        />
        <FieldErrorText error={error} id="device-backup-file-error" />
      </div>
      {result ? (
        <div role="status" className="space-y-1 text-sm">
          <p>{t('devices.backupUpdated', { count: result.devices_updated })}</p>
          {result.errors.length > 0 ? (
            <ul className="list-disc pl-5 text-danger-600">
              {result.errors.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the report's rows have no other identity.
                <li key={i}>
                  {e.serial_number ?? '—'}: {translate({ code: e.message })}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </EntityFormDialog>
  );
}
