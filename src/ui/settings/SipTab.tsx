import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import {
  DomainForwardRulesSchema,
  GROUP_USERS_PLACEHOLDER,
  PhonebookDeletedSchema,
  SipSettingsSchema,
} from '../../contract/entities/project-settings';
import { usePageMachines } from '../app/actor-context';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import type { FormRef } from '../entities/form-types';
import { useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { Button } from '../kit/Button';
import { CommandConfirm } from '../users/CommandConfirm';
import { ForwardQueuesField } from './ForwardQueuesField';
import { domainForwardRulesForm, settingsCommandForm, sipSettingsForm } from './project-settings-form';
import { SettingsSection } from './SettingsSection';
import { useSectionForm } from './use-section-form';

/** The SIP tab: the project's SIP and softphone, the residents' phonebook, and group forwarding (7.8). */
export function SipTab() {
  const { t } = useTranslation('settings');
  const { settingsForms } = usePageMachines();
  const mayEdit = useMayCall('PATCH /project/sip');
  const sip = useSectionForm(settingsForms.sip, sipSettingsForm, mayEdit);
  const mayForward = useMayCall('PATCH /project/sip/domain/forward-rules');
  const forwarding = useSectionForm(settingsForms.forwardRules, domainForwardRulesForm, mayForward);
  const s = useFormItem(sip.formRef, SipSettingsSchema);
  const f = useFormItem(forwarding.formRef, DomainForwardRulesSchema);
  const onOff = (x: boolean) => (x ? t('common.on') : t('common.off'));
  const [deleting, setDeleting] = useState(false);
  const mayDelete = useMayCall('POST /project/sip/resident-phonebook/delete');
  return (
    <>
      <SettingsSection
        section={sip}
        title={t('sip.title')}
        description={t('sip.description')}
        mayEdit={mayEdit}
        rows={
          s
            ? [
                { label: t('sip.is_sip_enabled'), value: onOff(s.is_sip_enabled) },
                { label: t('sip.is_web_dialer_enabled'), value: onOff(s.is_web_dialer_enabled) },
                { label: t('sip.is_resident_phonebook_enabled'), value: onOff(s.is_resident_phonebook_enabled) },
              ]
            : []
        }
        actions={
          mayDelete ? (
            <Button size="sm" variant="danger" onClick={() => setDeleting(true)}>
              {t('sip.phonebookDelete')}
            </Button>
          ) : null
        }
        fields={<SipFields formRef={sip.formRef} />}
      />
      {deleting ? <PhonebookDelete onClose={() => setDeleting(false)} /> : null}
      <SettingsSection
        section={forwarding}
        title={t('forwarding.title')}
        description={t('forwarding.description', { placeholder: GROUP_USERS_PLACEHOLDER })}
        mayEdit={mayForward}
        rows={
          f
            ? [
                { label: t('forwarding.is_enabled'), value: onOff(f.is_enabled) },
                ...f.queues.map((q, i) => ({
                  label: t('forwarding.queue', { n: i + 1 }),
                  value: `${q.numbers.join(', ')} · ${t('forwarding.seconds', { count: q.timeout })}`,
                })),
              ]
            : []
        }
        fields={
          <div className="space-y-3">
            <FormCheckbox formRef={forwarding.formRef} field="is_enabled" label={t('forwarding.is_enabled')} />
            <ForwardQueuesField formRef={forwarding.formRef} />
          </div>
        }
      />
    </>
  );
}

function SipFields({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('settings');
  return (
    <div className="space-y-3">
      <FormCheckbox formRef={formRef} field="is_sip_enabled" label={t('sip.is_sip_enabled')} />
      <p className="text-[13px] text-muted">{t('sip.is_sip_enabled_hint')}</p>
      <FormCheckbox formRef={formRef} field="is_web_dialer_enabled" label={t('sip.is_web_dialer_enabled')} />
      <FormCheckbox
        formRef={formRef}
        field="is_resident_phonebook_enabled"
        label={t('sip.is_resident_phonebook_enabled')}
      />
    </div>
  );
}

const PHONEBOOK_DELETE = settingsCommandForm('settings:sip.phonebookDeleted');

/** Switches every group's residents' phonebook off, after a confirmation (refused while the project's is on). */
function PhonebookDelete({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.phonebookDelete,
    { id: 0, item: {}, definition: PHONEBOOK_DELETE },
    (saved) => {
      if (v.is(PhonebookDeletedSchema, saved.item)) onClose();
    },
  );
  return (
    <CommandConfirm
      formRef={formRef}
      title={t('sip.phonebookDelete')}
      message={t('sip.phonebookDeleteMessage')}
      confirmLabel={t('sip.phonebookDeleteConfirm')}
      tone="danger"
      onClose={onClose}
    />
  );
}
