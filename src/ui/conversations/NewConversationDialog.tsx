import { useTranslation } from 'react-i18next';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import type { PickerSpec } from '../entities/use-pickers';

/** Props of {@link NewConversationDialog}. */
export interface NewConversationDialogProps {
  formRef: FormRef;
  recipients: PickerSpec;
  onClose: () => void;
}

/** Start a conversation: recipient (whom the caller may write to), subject, first message. */
export function NewConversationDialog({ formRef, recipients, onClose }: NewConversationDialogProps) {
  const { t } = useTranslation('conversations');
  return (
    <EntityFormDialog formRef={formRef} title={t('dialog.title')} onClose={onClose}>
      <FormPicker
        formRef={formRef}
        field="interlocutor"
        label={t('dialog.interlocutor')}
        required
        picker={recipients.machine}
        pickerTitle={recipients.title}
        searchLabel={recipients.searchLabel}
        describe={recipients.describe}
      />
      <FormText formRef={formRef} field="subject" label={t('dialog.subject')} required />
      <FormTextArea formRef={formRef} field="message" label={t('dialog.message')} rows={5} />
    </EntityFormDialog>
  );
}
