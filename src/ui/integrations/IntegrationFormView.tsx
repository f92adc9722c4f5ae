import { useTranslation } from 'react-i18next';
import { IntegrationSchema } from '../../contract/entities/integration';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormText } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { useFormHeading } from '../entities/use-form-heading';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';
import { FormPemFile } from '../settings/FormPemFile';

/** Props of {@link IntegrationFormView}. */
export interface IntegrationFormViewProps {
  formRef: FormRef;
  groups: PickerSpec;
  onCancel: () => void;
}

/**
 * /integration/add and /integration/:id/edit: the video platform's server and account, its
 * certificate file, and the level (the project, or a group chosen when it is made).
 */
export function IntegrationFormView({ formRef, groups, onCancel }: IntegrationFormViewProps) {
  const { t } = useTranslation('integrations');
  const { isNew, item, title, description } = useFormHeading(formRef, IntegrationSchema, {
    add: t('form.addTitle'),
    addHint: t('form.addHint'),
    edit: t('form.editTitle'),
    named: (integration) => t('form.editNamed', { name: integration.name }),
  });
  const certificate = item?.settings.certificate ?? null;
  return (
    <EntityFormPage formRef={formRef} title={title} description={description} onCancel={onCancel}>
      <Card title={t('form.sections.platform')}>
        <div className="space-y-3">
          <FormRow>
            <FormText formRef={formRef} field="name" label={t('fields.name')} required />
            <div>
              <p className="mb-1 text-[13px] font-medium text-ink">{t('fields.type')}</p>
              <p className="flex min-h-9 items-center text-sm text-ink">{t('types.axxon')}</p>
            </div>
          </FormRow>
          <FormText
            formRef={formRef}
            field="url"
            label={t('fields.url')}
            required
            inputMode="url"
            placeholder="https://vms.example.com:8000/asip-api"
            hint={t('form.urlHint')}
          />
        </div>
      </Card>
      <Card title={t('form.sections.account')}>
        <FormRow>
          <FormText formRef={formRef} field="user" label={t('fields.user')} autoComplete="off" />
          <FormText
            formRef={formRef}
            field="password"
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            hint={isNew ? undefined : t('form.passwordHint')}
          />
        </FormRow>
      </Card>
      <Card title={t('form.sections.certificate')}>
        <div className="space-y-3">
          {certificate ? (
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{t('certificate.file')}</dt>
              <dd className="text-ink">{certificate.name}</dd>
              <dt className="text-muted">{t('certificate.subject')}</dt>
              <dd className="break-all text-ink">{certificate.subject || '—'}</dd>
              <dt className="text-muted">{t('certificate.validTo')}</dt>
              <dd className="text-ink">
                {certificate.valid_to ? new Date(certificate.valid_to).toLocaleDateString() : '—'}
              </dd>
              <dt className="text-muted">{t('certificate.use')}</dt>
              <dd className="text-ink">{certificate.has_key ? t('certificate.client') : t('certificate.trust')}</dd>
            </dl>
          ) : null}
          <FormPemFile
            formRef={formRef}
            field="certificate"
            nameField="certificate_name"
            label={certificate ? t('certificate.replace') : t('certificate.choose')}
            stored={certificate !== null}
          />
          <p className="text-[12px] text-muted">{t('certificate.hint')}</p>
          {certificate ? (
            <FormCheckbox formRef={formRef} field="certificate_remove" label={t('certificate.remove')} />
          ) : null}
        </div>
      </Card>
      <Card title={t('form.sections.level')}>
        {isNew ? (
          <FormPicker formRef={formRef} field="domain" label={t('fields.domain')} {...pickerProps(groups)} />
        ) : (
          <p className="text-sm text-ink">{item?.domains[0]?.name ?? t('form.projectLevel')}</p>
        )}
        <p className="mt-1 text-[12px] text-muted">{t('form.levelHint')}</p>
      </Card>
    </EntityFormPage>
  );
}
