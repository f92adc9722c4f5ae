import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsDirty } from '../../machines/entity-form/entity-form.selectors';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormState } from '../entities/FormState';
import type { FormRef } from '../entities/form-types';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';

/** One line of a section's summary. */
export interface SummaryRow {
  label: string;
  value: ReactNode;
}

/** A section's form actor and whether its dialog is open (useSectionForm). */
export interface SectionState {
  formRef: FormRef;
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Props of {@link SettingsSection}. */
export interface SettingsSectionProps {
  section: SectionState;
  title: string;
  description?: string;
  /** What the section holds now (from the item loaded or saved). */
  rows: SummaryRow[];
  /** The caller may change it: the dialog edits; otherwise it opens read-only (2.5). */
  mayEdit: boolean;
  /** The dialog's inputs (fields bound to `formRef`). */
  fields: ReactNode;
  /** Buttons beside Edit (send a test, upload a logo). */
  actions?: ReactNode;
  /** Below the summary (the logo). */
  children?: ReactNode;
}

/**
 * A section of /general-settings: a summary of what is set, and its form in a
 * 900 px dialog (2.5 "project settings views … opened read-only at 900px"):
 * Edit for who may change project settings, View (read-only, Close only) for
 * the others. Cancel forgets what was typed; a save closes the dialog and the
 * summary shows what the server answered.
 */
export function SettingsSection({
  section,
  title,
  description,
  rows,
  mayEdit,
  fields,
  actions,
  children,
}: SettingsSectionProps) {
  const { t } = useTranslation('settings');
  const { formRef, open, setOpen } = section;
  const dirty = useSelector(formRef, selectIsDirty);
  const close = () => {
    if (dirty) formRef.send({ type: 'form.reset' });
    setOpen(false);
  };
  return (
    <Card
      title={title}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <Button size="sm" variant={mayEdit ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
            {mayEdit ? t('section.edit') : t('section.view')}
          </Button>
        </div>
      }
    >
      <FormState formRef={formRef}>
        {description ? <p className="mb-3 text-[13px] text-muted">{description}</p> : null}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(10rem,16rem)_1fr]">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted">{row.label}</dt>
              <dd className="min-w-0 break-words text-ink">{row.value}</dd>
            </div>
          ))}
        </dl>
        {children}
      </FormState>
      {open ? (
        <EntityFormDialog formRef={formRef} title={title} width="wide" onClose={close}>
          {fields}
        </EntityFormDialog>
      ) : null}
    </Card>
  );
}

/** A value shown in a summary: the text, or a dash for nothing. */
export function shown(value: string | number | null | undefined, none = '—'): ReactNode {
  return value === null || value === undefined || value === '' ? <span className="text-muted">{none}</span> : value;
}
