import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectWhitelabelSchema } from '../../contract/entities/project-settings';
import { usePageMachines } from '../app/actor-context';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormText } from '../entities/fields/FormText';
import { useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { Button } from '../kit/Button';
import { CommandConfirm } from '../users/CommandConfirm';
import { LogoDialog } from './LogoDialog';
import { logoForm, settingsCommandForm, whitelabelSettingsForm } from './project-settings-form';
import { SettingsSection, shown } from './SettingsSection';
import { useSectionForm } from './use-section-form';

/**
 * The white-label tab: the name, address, e-mail and phone the project's people
 * see (top bar and footer, mail), and the logo. A group's own white label wins
 * for the people of that group (the groups page).
 */
export function WhitelabelTab() {
  const { t } = useTranslation('settings');
  const mayEdit = useMayCall('PATCH /project/whitelabel');
  const section = useSectionForm(usePageMachines().settingsForms.whitelabel, whitelabelSettingsForm, mayEdit);
  const w = useFormItem(section.formRef, ProjectWhitelabelSchema);
  const [logo, setLogo] = useState<'upload' | 'remove' | null>(null);
  const mayUpload = useMayCall('POST /project/whitelabel/logo');
  const done = (item: unknown) => {
    // The logo calls answer the section as it is now: the summary shows it.
    section.formRef.send({ type: 'form.itemChanged', item });
    setLogo(null);
  };
  return (
    <SettingsSection
      section={section}
      title={t('whitelabel.title')}
      description={t('whitelabel.description')}
      mayEdit={mayEdit}
      rows={
        w
          ? [
              { label: t('whitelabel.is_enabled'), value: w.is_enabled ? t('common.on') : t('common.off') },
              { label: t('whitelabel.name'), value: shown(w.name) },
              { label: t('whitelabel.address'), value: shown(w.address) },
              { label: t('whitelabel.email'), value: shown(w.email) },
              { label: t('whitelabel.phone'), value: shown(w.phone) },
            ]
          : []
      }
      actions={
        mayUpload ? (
          <>
            <Button size="sm" onClick={() => setLogo('upload')}>
              {t('whitelabel.logoUpload')}
            </Button>
            {w?.logo ? (
              <Button size="sm" variant="ghost" onClick={() => setLogo('remove')}>
                {t('whitelabel.logoRemove')}
              </Button>
            ) : null}
          </>
        ) : null
      }
      fields={
        <div className="grid gap-3 sm:grid-cols-2">
          <FormCheckbox
            formRef={section.formRef}
            field="is_enabled"
            label={t('whitelabel.is_enabled')}
            className="sm:col-span-2"
          />
          <FormText formRef={section.formRef} field="name" label={t('whitelabel.name')} />
          <FormText formRef={section.formRef} field="phone" label={t('whitelabel.phone')} type="tel" />
          <FormText formRef={section.formRef} field="address" label={t('whitelabel.address')} />
          <FormText formRef={section.formRef} field="email" label={t('whitelabel.email')} type="email" />
        </div>
      }
    >
      <div className="mt-4 flex items-center gap-3 border-t border-line pt-3">
        <span className="text-sm text-muted">{t('whitelabel.logo')}</span>
        {w?.logo ? (
          <img
            src={w.logo}
            alt={t('whitelabel.logoAlt')}
            className="max-h-12 rounded border border-line bg-canvas p-1"
          />
        ) : (
          <span className="text-sm text-muted">{t('whitelabel.noLogo')}</span>
        )}
      </div>
      {logo === 'upload' ? <LogoUpload onClose={() => setLogo(null)} onDone={done} /> : null}
      {logo === 'remove' ? <LogoRemove onClose={() => setLogo(null)} onDone={done} /> : null}
    </SettingsSection>
  );
}

function LogoUpload({ onClose, onDone }: { onClose: () => void; onDone: (item: unknown) => void }) {
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.logoUpload,
    { id: 0, item: {}, definition: logoForm },
    (saved) => onDone(saved.item),
  );
  return <LogoDialog formRef={formRef} onClose={onClose} />;
}

const LOGO_REMOVE = settingsCommandForm('settings:whitelabel.logoRemoved');

function LogoRemove({ onClose, onDone }: { onClose: () => void; onDone: (item: unknown) => void }) {
  const { t } = useTranslation('settings');
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.logoRemove,
    { id: 0, item: {}, definition: LOGO_REMOVE },
    (saved) => onDone(saved.item),
  );
  return (
    <CommandConfirm
      formRef={formRef}
      title={t('whitelabel.logoRemove')}
      message={t('whitelabel.logoRemoveMessage')}
      confirmLabel={t('whitelabel.logoRemove')}
      tone="danger"
      onClose={onClose}
    />
  );
}
