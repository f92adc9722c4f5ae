import { useTranslation } from 'react-i18next';
import { SipNumberSchema } from '../../contract/entities/sip-number';
import { EntityFormPage } from '../entities/EntityFormPage';
import type { FormRef } from '../entities/form-types';
import { useFormHeading } from '../entities/use-form-heading';
import type { PickerSpec } from '../entities/use-pickers';
import { ForwardingSection } from './ForwardingSection';
import { HolderSection } from './HolderSection';
import { NumberSection } from './NumberSection';
import { StateSection } from './StateSection';
import type { SipNumberRights } from './sip-number-form';

/** The pickers the virtual number form uses. */
export interface SipNumberPickers {
  users: PickerSpec;
  groups: PickerSpec;
  forwardRuleSets: PickerSpec;
  forwardGroups: PickerSpec;
}

/** Props of {@link VirtualNumberFormView}. */
export interface VirtualNumberFormViewProps {
  formRef: FormRef;
  pickers: SipNumberPickers;
  rights: SipNumberRights;
  onCancel: () => void;
}

/** /virtual-numbers/add and /virtual-numbers/:id/edit: number and password, holder, state, forwarding. */
export function VirtualNumberFormView({ formRef, pickers, rights, onCancel }: VirtualNumberFormViewProps) {
  const { t } = useTranslation('numbers');
  const { title, description } = useFormHeading(formRef, SipNumberSchema, {
    add: t('form.addTitle'),
    addHint: t('form.addHint'),
    edit: t('form.editTitle'),
    named: (item) => t('form.editNamed', { number: item.number }),
  });
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={description}
      onCancel={onCancel}
      aside={<StateSection formRef={formRef} rights={rights} />}
    >
      <NumberSection formRef={formRef} />
      <HolderSection formRef={formRef} pickers={pickers} />
      <ForwardingSection formRef={formRef} pickers={pickers} />
    </EntityFormPage>
  );
}
