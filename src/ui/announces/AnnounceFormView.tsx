import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { AnnounceSchema } from '../../contract/entities/announce';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useFormItem } from '../entities/use-form-item';
import { AnnounceAside, type AnnounceAsideProps } from './AnnounceAside';
import { AnnounceFields, type AnnouncePickers } from './AnnounceFields';

/** Props of {@link AnnounceFormView}. */
export interface AnnounceFormViewProps {
  formRef: FormRef;
  pickers: AnnouncePickers;
  commands: AnnounceAsideProps['commands'];
  onCancel: () => void;
  onCommand: AnnounceAsideProps['onCommand'];
  onResponses: () => void;
}

/** /announces/add and /announces/:id/edit: the fields, and beside an existing announce its state and commands. */
export function AnnounceFormView({
  formRef,
  pickers,
  commands,
  onCancel,
  onCommand,
  onResponses,
}: AnnounceFormViewProps) {
  const { t } = useTranslation('announces');
  const isNew = useSelector(formRef, selectIsNew);
  const announce = useFormItem(formRef, AnnounceSchema);
  const title = isNew
    ? t('form.addTitle')
    : announce
      ? t('form.editNamed', { name: announce.name })
      : t('form.editTitle');
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={announce && announce.status !== 'new' ? t('form.readOnly') : undefined}
      onCancel={onCancel}
      aside={
        isNew ? undefined : (
          <AnnounceAside formRef={formRef} commands={commands} onCommand={onCommand} onResponses={onResponses} />
        )
      }
    >
      <AnnounceFields formRef={formRef} pickers={pickers} />
    </EntityFormPage>
  );
}
