import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsDirty } from '../../machines/entity-form/entity-form.selectors';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { UnsavedChangesGuard } from '../kit/UnsavedChangesGuard';
import { FormButtons } from './FormButtons';
import { FormState } from './FormState';
import type { FormRef } from './form-types';

/** Props of {@link EntityFormPage}. */
export interface EntityFormPageProps {
  formRef: FormRef;
  title: string;
  description?: ReactNode;
  /** Leaves the page (back to the list, keeping its filters). */
  onCancel: () => void;
  /** Actions beside Cancel/Approve (change password, send invitation…). */
  extraActions?: ReactNode;
  /** The form's sections (cards of fields bound to the same actor). */
  children: ReactNode;
  /** Read-only parts shown beside the form (licence info, avatar). */
  aside?: ReactNode;
}

/**
 * An add/edit page (/x/add, /x/:id/edit) over an entityForm actor: header with
 * Cancel and Approve, the fields, and a guard against leaving unsaved changes.
 */
export function EntityFormPage({
  formRef,
  title,
  description,
  onCancel,
  extraActions,
  children,
  aside,
}: EntityFormPageProps) {
  const { t } = useTranslation('lists');
  const dirty = useSelector(formRef, selectIsDirty);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    formRef.send({ type: 'form.submit' });
  };
  return (
    <form onSubmit={submit} noValidate className={pageWidth('readable')}>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {extraActions}
            <FormButtons formRef={formRef} onCancel={onCancel} />
          </>
        }
      />
      <FormState formRef={formRef} back={{ label: t('form.backToList'), onClick: onCancel }}>
        {aside ? (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <div className="min-w-0 space-y-4">{children}</div>
            <div className="space-y-4">{aside}</div>
          </div>
        ) : (
          <div className="space-y-4">{children}</div>
        )}
      </FormState>
      <UnsavedChangesGuard when={dirty} />
    </form>
  );
}
