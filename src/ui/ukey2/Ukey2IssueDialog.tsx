import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { MobileClient } from '../../contract/entities/mobile-client';
import { type Ukey2, Ukey2Schema } from '../../contract/entities/ukey2';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { selectIsLoading, selectLoadedData } from '../../machines/loader/loader.selectors';
import { usePageMachines } from '../app/actor-context';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { phoneValue, ukey2IssueForm } from './ukey2-form';

/** Props of {@link Ukey2IssueDialog}. */
export interface Ukey2IssueDialogProps {
  /** A holder (and phone) to start from: "issue a new one" after a revoke. */
  preset?: { user: ListRow; mobile_client_id: number | null };
  onClose: () => void;
  onIssued: (key: Ukey2) => void;
}

/** Issue a UKEY2 (ukey2.issue): the holder, one of their phones or none, a name. */
export function Ukey2IssueDialog({ preset, onClose, onIssued }: Ukey2IssueDialogProps) {
  const { ukey2Issue } = usePageMachines();
  const formRef = useEntityForm(
    ukey2Issue,
    {
      id: null,
      definition: ukey2IssueForm,
      preset: preset
        ? {
            user: preset.user,
            mobile_client_id:
              preset.mobile_client_id === null ? '' : phoneValue(preset.user.id, preset.mobile_client_id),
          }
        : undefined,
    },
    (saved) => {
      if (v.is(Ukey2Schema, saved.item)) onIssued(saved.item);
    },
  );
  return <Ukey2IssueView formRef={formRef} onClose={onClose} />;
}

/** The dialog's fields over its form actor. */
export function Ukey2IssueView({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('ukey2');
  const pickers = usePickers();
  const user = useSelector(formRef, selectFormValue('user')) as ListRow | null;
  return (
    <EntityFormDialog formRef={formRef} title={t('issue.title')} onClose={onClose}>
      <FormPicker
        formRef={formRef}
        field="user"
        label={t('issue.user')}
        required
        picker={pickers.users.machine}
        pickerTitle={pickers.users.title}
        searchLabel={pickers.users.searchLabel}
        describe={pickers.users.describe}
      />
      {user ? <PhoneSelect key={user.id} formRef={formRef} userId={user.id} /> : null}
      <FormText formRef={formRef} field="name" label={t('issue.name')} />
    </EntityFormDialog>
  );
}

/** The chosen holder's phones (the mobile client info of 2.5), or none. */
function PhoneSelect({ formRef, userId }: { formRef: FormRef; userId: number }) {
  const { t } = useTranslation('ukey2');
  const { mobileClients } = usePageMachines();
  const [machine] = useState(() => mobileClients(userId));
  const loader = useActorRef(machine);
  const clients = useSelector(loader, selectLoadedData<MobileClient[]>) ?? [];
  const loading = useSelector(loader, selectIsLoading);
  const options = [
    { value: '', label: loading ? t('issue.clientsLoading') : t('issue.anyPhone') },
    ...clients.map((c) => ({
      value: phoneValue(userId, c.id),
      label: [t(`platforms.${c.platform}`, { defaultValue: c.platform }), c.info].filter(Boolean).join(' · '),
    })),
  ];
  return <FormSelect formRef={formRef} field="mobile_client_id" label={t('issue.client')} options={options} />;
}
