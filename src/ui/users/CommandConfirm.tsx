import { useSelector } from '@xstate/react';
import { selectIsSaving } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { ConfirmDialog } from '../kit/ConfirmDialog';

/** Props of {@link CommandConfirm}. */
export interface CommandConfirmProps {
  formRef: FormRef;
  title: string;
  message: string;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  onClose: () => void;
}

/** A yes/no question whose yes runs a one-call command (its actor reports when done). */
export function CommandConfirm({ formRef, onClose, ...text }: CommandConfirmProps) {
  const busy = useSelector(formRef, selectIsSaving);
  return (
    <ConfirmDialog
      open
      {...text}
      busy={busy}
      onConfirm={() => formRef.send({ type: 'form.submit' })}
      onCancel={() => {
        if (!busy) onClose();
      }}
    />
  );
}
