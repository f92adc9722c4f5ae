import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, type DialogWidth } from '../kit/Dialog';
import { FormButtons } from './FormButtons';
import { FormState } from './FormState';
import type { FormRef } from './form-types';

/** Props of {@link EntityFormDialog}. */
export interface EntityFormDialogProps {
  formRef: FormRef;
  title: string;
  /** 600 px by default; 900 px `wide`, 300 px `small` (2.5). */
  width?: DialogWidth;
  onClose: () => void;
  /** The form's fields (components of ./fields bound to the same actor). */
  children: ReactNode;
}

/**
 * An add/edit dialog of 2.5 over an entityForm actor: fields, Cancel and
 * Approve (validated first; 'check fields data' on failure). The page closes it
 * when the actor reports the entity saved.
 */
export function EntityFormDialog({ formRef, title, width = 'default', onClose, children }: EntityFormDialogProps) {
  const { t } = useTranslation('common');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A dialog opened from a page form must not submit that form too (React events bubble through portals).
    event.stopPropagation();
    formRef.send({ type: 'form.submit' });
  };
  return (
    <Dialog open onClose={onClose} title={title} width={width}>
      <form onSubmit={submit} noValidate>
        <FormState formRef={formRef} back={{ label: t('actions.close'), onClick: onClose }}>
          <div className="space-y-3">{children}</div>
        </FormState>
        <div className="-mx-4 mt-4 -mb-3 flex justify-end gap-2 border-t border-line px-4 py-3">
          <FormButtons formRef={formRef} onCancel={onClose} />
        </div>
      </form>
    </Dialog>
  );
}
