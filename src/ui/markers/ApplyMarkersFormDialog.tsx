import { useTranslation } from 'react-i18next';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import type { FormRef } from '../entities/form-types';
import type { PickerSpec } from '../entities/use-pickers';

/** Props of {@link ApplyMarkersFormDialog}. */
export interface ApplyMarkersFormDialogProps {
  formRef: FormRef;
  markers: PickerSpec;
  users: PickerSpec;
  onClose: () => void;
}

/** Apply (or remove) markers on users: both chosen with their pickers. */
export function ApplyMarkersFormDialog({ formRef, markers, users, onClose }: ApplyMarkersFormDialogProps) {
  const { t } = useTranslation('markers');
  return (
    <EntityFormDialog formRef={formRef} title={t('apply.title')} onClose={onClose}>
      <FormPicker
        formRef={formRef}
        field="markers"
        label={t('apply.markers')}
        multiple
        required
        picker={markers.machine}
        pickerTitle={markers.title}
        searchLabel={markers.searchLabel}
        describe={markers.describe}
      />
      <FormPicker
        formRef={formRef}
        field="users"
        label={t('apply.users')}
        multiple
        required
        picker={users.machine}
        pickerTitle={users.title}
        searchLabel={users.searchLabel}
        describe={users.describe}
      />
      <FormSelect
        formRef={formRef}
        field="mode"
        label={t('apply.mode')}
        options={[
          { value: 'add', label: t('apply.modes.add') },
          { value: 'remove', label: t('apply.modes.remove') },
        ]}
      />
    </EntityFormDialog>
  );
}
