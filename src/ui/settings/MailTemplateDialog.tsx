import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_MAIL_VARIABLES, MAIL_TYPES, mailTypeById, variablesOf } from '../../contract/entities/mail-template';
import { selectFormId, selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { EntityFormDialog } from '../entities/EntityFormDialog';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { usePickers } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { MailPreviewDialog } from './MailPreviewDialog';

/**
 * A mail template (900 px): the type and the group (chosen when it is made; none
 * is the whole project), the subject and the text with the type's placeholders,
 * and a preview of what a recipient would get.
 */
export function MailTemplateDialog({ formRef, onClose }: { formRef: FormRef; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const pickers = usePickers();
  const isNew = useSelector(formRef, selectFormId) === null;
  const typeId = Number(useSelector(formRef, selectFormValue('mail_type_id')));
  const chosen = useSelector(formRef, selectFormValue('domain'));
  const group = chosen && typeof chosen === 'object' ? (chosen as ListRow) : null;
  const subject = String(useSelector(formRef, selectFormValue('subject')) ?? '');
  const body = String(useSelector(formRef, selectFormValue('body')) ?? '');
  const type = mailTypeById(typeId);
  const [previewing, setPreviewing] = useState(false);
  return (
    <EntityFormDialog
      formRef={formRef}
      title={isNew ? t('templates.add') : t('templates.edit')}
      width="wide"
      onClose={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {isNew ? (
          <>
            <FormSelect
              formRef={formRef}
              field="mail_type_id"
              label={t('templates.type')}
              options={[
                { value: '', label: t('templates.chooseType') },
                ...MAIL_TYPES.map((x) => ({ value: String(x.id), label: t(`types.${x.code}.name`) })),
              ]}
            />
            <FormPicker
              formRef={formRef}
              field="domain"
              label={t('templates.group')}
              picker={pickers.groups.machine}
              pickerTitle={pickers.groups.title}
              searchLabel={pickers.groups.searchLabel}
              describe={pickers.groups.describe}
            />
          </>
        ) : (
          <p className="text-sm sm:col-span-2">
            <span className="font-medium">{type ? t(`types.${type.code}.name`) : ''}</span>
            {' · '}
            {group ? String(group.name) : t('templates.project')}
          </p>
        )}
        {type ? <p className="text-[13px] text-muted sm:col-span-2">{t(`types.${type.code}.about`)}</p> : null}
        <FormText formRef={formRef} field="subject" label={t('templates.subject')} required className="sm:col-span-2" />
        <FormTextArea formRef={formRef} field="body" label={t('templates.body')} rows={10} className="sm:col-span-2" />
        {type ? (
          <div className="text-[13px] sm:col-span-2">
            <p className="mb-1 text-muted">{t('templates.placeholders')}</p>
            <ul className="flex flex-wrap gap-1.5">
              {variablesOf(type).map((name) => (
                <li key={name}>
                  <code
                    className={
                      type.required.includes(name)
                        ? 'rounded bg-brand-50 px-1.5 py-0.5 text-brand-700'
                        : 'rounded bg-canvas px-1.5 py-0.5'
                    }
                    title={
                      (COMMON_MAIL_VARIABLES as readonly string[]).includes(name) ? t('templates.common') : undefined
                    }
                  >{`{{${name}}}`}</code>
                </li>
              ))}
            </ul>
            {/* The text shows template braces: another interpolation marker keeps i18next off them. */}
            <p className="mt-1 text-muted">
              {t('templates.syntax', { interpolation: { prefix: '%%', suffix: '%%' } })}
            </p>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button size="sm" disabled={!type} onClick={() => setPreviewing(true)}>
            {t('templates.preview')}
          </Button>
        </div>
      </div>
      {previewing && type ? (
        <MailPreviewDialog
          request={{ mail_type_id: type.id, subject: subject || null, body: body || null }}
          groupId={group?.id ?? null}
          onClose={() => setPreviewing(false)}
        />
      ) : null}
    </EntityFormDialog>
  );
}
