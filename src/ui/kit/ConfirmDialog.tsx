import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog, type DialogWidth } from './Dialog';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to common "Confirm". */
  confirmLabel?: string;
  /** Defaults to common "Cancel". */
  cancelLabel?: string;
  /** A destructive action gets the danger button. */
  tone?: 'primary' | 'danger';
  /** Small (300 px) unless the message needs more room. */
  width?: DialogWidth;
  /** Shows the confirm button as busy. */
  busy?: boolean;
}

/** A yes/no question in a small modal (alertdialog); Escape and Cancel both decline. */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  width = 'small',
  busy,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      width={width}
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} autoFocus>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </>
      }
    >
      {message}
    </Dialog>
  );
}
