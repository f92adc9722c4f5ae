import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** How long the button says "Copied" after a copy. */
const COPIED_FOR_MS = 2000;

/**
 * Copies `text` with the Clipboard API; where it is missing or refused (an http:// page,
 * a denied permission) selects the field instead so the user copies with the keyboard.
 */
async function copyText(text: string, field: HTMLTextAreaElement | null): Promise<'copied' | 'selected'> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    field?.focus();
    field?.select();
    return 'selected';
  }
}

/** A read-only text (a link, a secret to hand over) with a Copy button and its feedback. */
export function CopyableText(props: { text: string; label?: string; rows?: number }) {
  const { t } = useTranslation('shell');
  const field = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'selected'>('idle');
  const id = useId();
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-2">
        <textarea
          id={id}
          ref={field}
          readOnly
          rows={props.rows ?? 2}
          value={props.text}
          aria-label={props.label ?? t('textCopy.label')}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 resize-none rounded-md border border-line bg-surface-muted px-2 py-1.5 font-mono text-[13px] text-ink"
        />
        <Button
          variant={state === 'copied' ? 'secondary' : 'primary'}
          aria-controls={id}
          onClick={async () => setState(await copyText(props.text, field.current))}
        >
          {state === 'copied' ? t('textCopy.copied') : t('textCopy.copy')}
        </Button>
      </div>
      <p role="status" className="min-h-4 text-xs text-muted">
        {state === 'copied' ? t('textCopy.copiedStatus') : state === 'selected' ? t('textCopy.manual') : ''}
      </p>
    </div>
  );
}

/** The text copy dialog of 2.5: a text to hand over (a link, a password) and a way to copy it. */
export function TextCopyDialog(props: {
  open: boolean;
  title: string;
  text: string;
  description?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      footer={<Button onClick={props.onClose}>{t('actions.close')}</Button>}
    >
      {props.description ? <p className="mb-3 text-muted">{props.description}</p> : null}
      <CopyableText text={props.text} />
    </Dialog>
  );
}
