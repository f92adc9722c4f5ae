import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupSchema } from '../../contract/entities/group';
import { usePageMachines, useSessionActor } from '../app/actor-context';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { Button } from '../kit/Button';
import { CommandConfirm } from '../users/CommandConfirm';
import { LogoDialog } from './LogoDialog';
import { groupWhitelabelForm, logoForm, settingsCommandForm } from './project-settings-form';

/**
 * A group's own white label (7.3 whitelabel logo; section 3 whitelabel_settings): its
 * name, address and contacts and its logo, which the people of the group (and of the
 * groups below it) see instead of the project's.
 */
export function GroupWhitelabelDialog(props: {
  groupId: number;
  groupName: string;
  mayEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const session = useSessionActor();
  const formRef = useEntityForm(
    usePageMachines().entities.domains.form,
    { id: props.groupId, definition: groupWhitelabelForm, mayEdit: props.mayEdit },
    () => {
      // The caller may be one of the group's people: the shell follows.
      session.send({ type: 'session.profileChanged' });
      props.onClose();
    },
  );
  return (
    <EntityFormDialog
      formRef={formRef}
      title={t('whitelabel.groupTitle', { name: props.groupName })}
      onClose={props.onClose}
    >
      <p className="text-[13px] text-muted">{t('whitelabel.groupDescription')}</p>
      <FormCheckbox formRef={formRef} field="is_enabled" label={t('whitelabel.groupEnabled')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormText formRef={formRef} field="name" label={t('whitelabel.name')} />
        <FormText formRef={formRef} field="phone" label={t('whitelabel.phone')} type="tel" />
        <FormText formRef={formRef} field="address" label={t('whitelabel.address')} />
        <FormText formRef={formRef} field="email" label={t('whitelabel.email')} type="email" />
      </div>
      <GroupLogo formRef={formRef} groupId={props.groupId} mayEdit={props.mayEdit} />
    </EntityFormDialog>
  );
}

function GroupLogo({ formRef, groupId, mayEdit }: { formRef: FormRef; groupId: number; mayEdit: boolean }) {
  const { t } = useTranslation('settings');
  const group = useFormItem(formRef, GroupSchema);
  const logo = group?.whitelabel_settings?.logo ?? null;
  const [open, setOpen] = useState<'upload' | 'remove' | null>(null);
  const done = (item: unknown) => {
    formRef.send({ type: 'form.itemChanged', item });
    setOpen(null);
  };
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line pt-3">
      <span className="text-sm text-muted">{t('whitelabel.logo')}</span>
      {logo ? (
        <img src={logo} alt={t('whitelabel.logoAlt')} className="max-h-10 rounded border border-line bg-canvas p-1" />
      ) : (
        <span className="text-sm text-muted">{t('whitelabel.noLogo')}</span>
      )}
      {mayEdit ? (
        <span className="ml-auto flex gap-2">
          <Button size="sm" onClick={() => setOpen('upload')}>
            {t('whitelabel.logoUpload')}
          </Button>
          {logo ? (
            <Button size="sm" variant="ghost" onClick={() => setOpen('remove')}>
              {t('whitelabel.logoRemove')}
            </Button>
          ) : null}
        </span>
      ) : null}
      {open === 'upload' ? <GroupLogoUpload groupId={groupId} onClose={() => setOpen(null)} onDone={done} /> : null}
      {open === 'remove' ? <GroupLogoRemove groupId={groupId} onClose={() => setOpen(null)} onDone={done} /> : null}
    </div>
  );
}

function GroupLogoUpload(props: { groupId: number; onClose: () => void; onDone: (item: unknown) => void }) {
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.groupLogoUpload,
    { id: props.groupId, item: {}, definition: logoForm },
    (saved) => props.onDone(saved.item),
  );
  return <LogoDialog formRef={formRef} onClose={props.onClose} />;
}

const GROUP_LOGO_REMOVE = settingsCommandForm('settings:whitelabel.logoRemoved');

function GroupLogoRemove(props: { groupId: number; onClose: () => void; onDone: (item: unknown) => void }) {
  const { t } = useTranslation('settings');
  const formRef = useEntityForm(
    usePageMachines().settingsCommands.groupLogoRemove,
    { id: props.groupId, item: {}, definition: GROUP_LOGO_REMOVE },
    (saved) => props.onDone(saved.item),
  );
  return (
    <CommandConfirm
      formRef={formRef}
      title={t('whitelabel.logoRemove')}
      message={t('whitelabel.logoRemoveMessage')}
      confirmLabel={t('whitelabel.logoRemove')}
      tone="danger"
      onClose={props.onClose}
    />
  );
}
