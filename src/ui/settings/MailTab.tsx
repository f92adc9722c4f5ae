import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { MAIL_MODES } from '../../contract/constants';
import { MAIL_ENCRYPTIONS, MailSettingsSchema, MailTestResultSchema } from '../../contract/entities/project-settings';
import { selectFormItem } from '../../machines/entity-form/entity-form.selectors';
import { selectProfile } from '../../machines/session/session.selectors';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { Button, buttonClasses } from '../kit/Button';
import { mailSettingsForm, mailTestForm } from './project-settings-form';
import { SettingsSection, shown } from './SettingsSection';
import { useSectionForm } from './use-section-form';

/** The mail tab: mode (none keeps mail in the outbox, smtp sends it), the relay and the sender; a test; the templates. */
export function MailTab() {
  const { t } = useTranslation('settings');
  const mayEdit = useMayCall('PATCH /project/mail');
  const section = useSectionForm(usePageMachines().settingsForms.mail, mailSettingsForm, mayEdit);
  const m = useFormItem(section.formRef, MailSettingsSchema);
  const mayTest = useMayCall('POST /project/mail/test');
  const mayTemplates = useMayCall('GET /mail-templates/items');
  const [testing, setTesting] = useState(false);
  return (
    <>
      <SettingsSection
        section={section}
        title={t('mail.title')}
        description={t('mail.description')}
        mayEdit={mayEdit}
        rows={
          m
            ? [
                { label: t('mail.mode'), value: t(`mail.modes.${m.mode}`) },
                { label: t('mail.relay'), value: `${m.host}:${m.port} · ${t(`mail.encryptions.${m.encryption}`)}` },
                { label: t('mail.username'), value: shown(m.username) },
                { label: t('mail.password'), value: m.has_password ? t('files.set') : t('files.notSet') },
                {
                  label: t('mail.from'),
                  value: m.from_name ? `${m.from_name} <${m.from_address}>` : m.from_address,
                },
              ]
            : []
        }
        actions={
          mayTest ? (
            <Button size="sm" onClick={() => setTesting(true)}>
              {t('mail.test')}
            </Button>
          ) : null
        }
        fields={<MailFields formRef={section.formRef} />}
      />
      {testing ? <MailTest onClose={() => setTesting(false)} /> : null}
      {mayTemplates ? (
        <p className="text-sm">
          <Link to="/mail-templates" className={buttonClasses('secondary', 'sm')}>
            {t('mail.templates')}
          </Link>
        </p>
      ) : null}
    </>
  );
}

function MailFields({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('settings');
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormSelect
        formRef={formRef}
        field="mode"
        label={t('mail.mode')}
        options={MAIL_MODES.map((mode) => ({ value: mode, label: t(`mail.modes.${mode}`) }))}
      />
      <FormSelect
        formRef={formRef}
        field="encryption"
        label={t('mail.encryption')}
        options={MAIL_ENCRYPTIONS.map((e) => ({ value: e, label: t(`mail.encryptions.${e}`) }))}
      />
      <FormText formRef={formRef} field="host" label={t('mail.host')} required />
      <FormText formRef={formRef} field="port" label={t('mail.port')} inputMode="numeric" required />
      <FormText formRef={formRef} field="username" label={t('mail.username')} autoComplete="off" />
      <FormText
        formRef={formRef}
        field="password"
        label={t('mail.password')}
        type="password"
        autoComplete="new-password"
      />
      <FormText formRef={formRef} field="from_address" label={t('mail.from_address')} type="email" required />
      <FormText formRef={formRef} field="from_name" label={t('mail.from_name')} />
    </div>
  );
}

/** Sends a real test message through the saved settings and says what the relay answered. */
function MailTest({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('settings');
  const own = useSelector(useSessionActor(), selectProfile)?.email ?? '';
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.mailTest,
    { id: 0, item: { email: own }, definition: { ...mailTestForm, fromItem: () => ({ email: own }) } },
    () => {},
  );
  const result = useSelector(formRef, selectFormItem);
  const answer = v.is(MailTestResultSchema, result) ? result : null;
  return (
    <EntityFormDialog formRef={formRef} title={t('mail.test')} onClose={onClose}>
      <FormText formRef={formRef} field="email" label={t('mail.testTo')} type="email" required />
      {answer ? (
        <p
          role="status"
          className={answer.status === 'failed' ? 'text-sm text-danger-600' : 'text-sm text-success-600'}
        >
          {t(`mail.testResult.${answer.status}`, { error: answer.error ?? '' })}
        </p>
      ) : null}
    </EntityFormDialog>
  );
}
