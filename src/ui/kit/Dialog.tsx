import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';
import { DIALOG_WIDTHS } from '../../contract/constants';

export type DialogWidth = keyof typeof DIALOG_WIDTHS;

/** Props of {@link Dialog}. */
export interface DialogProps {
  open: boolean;
  /** Escape, a click outside and the footer's cancel all call this. */
  onClose: () => void;
  title: ReactNode;
  /** 600 px by default, 900 px `wide` (project settings, generate groups), 300 px `small` (2.5). */
  width?: DialogWidth;
  children: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** Sets the dialog role to `alertdialog` (confirmations). */
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog on Headless UI: focus trapped, Escape closes, the page behind is inert. */
export function Dialog({ open, onClose, title, width = 'default', children, footer, role = 'dialog' }: DialogProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} role={role} className="fixed inset-0 z-50">
      <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
      {/* A dialog taller than the window scrolls from its top (centring it inside the scroller would cut its head off). */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            className="w-full rounded-lg border border-line bg-surface shadow-xl"
            style={{ maxWidth: DIALOG_WIDTHS[width] }}
          >
            <DialogTitle className="border-b border-line px-4 py-3 text-sm font-semibold text-ink">{title}</DialogTitle>
            <div className="px-4 py-3 text-sm text-ink">{children}</div>
            {footer ? (
              <div className="flex flex-wrap justify-end gap-2 border-t border-line px-4 py-3">{footer}</div>
            ) : null}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
