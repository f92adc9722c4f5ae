import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { IDENTIFIER_TYPES, IdentifierSchema, identifiersEntity } from '../../contract/entities/identifier';
import { IDENTIFIER_FORMATS } from '../../contract/entities/profile';
import { selectFormValue, selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { EntityFormPage } from '../entities/EntityFormPage';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import { pickerProps } from '../entities/picker-props';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { type PickerSpec, usePickers } from '../entities/use-pickers';
import { Badge } from '../kit/Badge';
import { Card } from '../kit/Card';
import { NotFoundPage } from '../shell/NotFoundPage';
import { identifierForm } from './identifier-form';

const LIST = '/identifiers';

/** /identifiers/add and /identifiers/:id/edit: the identifier's form actor; a save returns to the list. */
export function IdentifierFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <IdentifierForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function IdentifierForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(identifiersEntity);
  const formRef = useEntityForm(
    entities.identifiers.form,
    { id, definition: identifierForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return <IdentifierFormView formRef={formRef} users={pickers.users} onCancel={() => closePage(LIST)} />;
}

/** The §3 form: type, value with its dec/hex switch, owner (the users picker), restrictions. */
export function IdentifierFormView({
  formRef,
  users,
  onCancel,
}: {
  formRef: FormRef;
  users: PickerSpec;
  onCancel: () => void;
}) {
  const { t } = useTranslation('identifiers');
  const isNew = useSelector(formRef, selectIsNew);
  const item = useFormItem(formRef, IdentifierSchema);
  const type = useSelector(formRef, selectFormValue('type'));
  const periodOn = useSelector(formRef, selectFormValue('period_restrict_active')) === true;
  const passesOn = useSelector(formRef, selectFormValue('passes_restrict_active')) === true;
  const numeric = type === 'card' || type === 'ukey' || type === 'ukey2';
  const title = isNew
    ? t('form.addTitle')
    : item
      ? t('form.editNamed', { name: item.name ?? item.value })
      : t('form.editTitle');
  return (
    <EntityFormPage
      formRef={formRef}
      title={title}
      description={isNew ? t('form.addHint') : undefined}
      onCancel={onCancel}
    >
      <Card title={t('form.sections.general')}>
        <div className="space-y-3">
          {item?.revoked ? <Badge tone="danger">{t('status.revoked')}</Badge> : null}
          <FormText formRef={formRef} field="name" label={t('fields.name')} />
          <FormSelect
            formRef={formRef}
            field="type"
            label={t('fields.type')}
            options={IDENTIFIER_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
          <div className="flex items-end gap-2">
            <FormText formRef={formRef} field="value" label={t('fields.value')} className="flex-1" />
            {numeric ? (
              <FormSelect
                formRef={formRef}
                field="value_format"
                label={t('fields.value_format')}
                options={IDENTIFIER_FORMATS.map((value) => ({ value, label: t(`formats.${value}`) }))}
              />
            ) : null}
          </div>
          {item?.value_hex ? <p className="text-[13px] text-muted">HEX {item.value_hex}</p> : null}
          <FormPicker formRef={formRef} field="owner" label={t('fields.owner')} {...pickerProps(users)} />
          <FormTextArea formRef={formRef} field="description" label={t('fields.description')} />
          <FormCheckbox formRef={formRef} field="is_active" label={t('fields.is_active')} />
          <FormCheckbox formRef={formRef} field="is_profile_identifier" label={t('fields.is_profile_identifier')} />
        </div>
      </Card>
      <Card title={t('form.sections.restrictions')}>
        <div className="space-y-3">
          <FormCheckbox formRef={formRef} field="period_restrict_active" label={t('fields.period_restrict_active')} />
          {periodOn ? (
            <div className="grid grid-cols-2 gap-2">
              <FormText
                formRef={formRef}
                field="period_restrict_from"
                type="datetime-local"
                label={t('fields.period_restrict_from')}
              />
              <FormText
                formRef={formRef}
                field="period_restrict_to"
                type="datetime-local"
                label={t('fields.period_restrict_to')}
              />
            </div>
          ) : null}
          <FormCheckbox formRef={formRef} field="passes_restrict_active" label={t('fields.passes_restrict_active')} />
          {passesOn ? (
            <FormText
              formRef={formRef}
              field="passes_restrict_max_count"
              inputMode="numeric"
              label={t('fields.passes_restrict_max_count')}
            />
          ) : null}
          {item?.passes_restrict.active ? (
            <p className="text-[13px] text-muted">
              {t('fields.passes_restrict_passes_count')}: {item.passes_restrict.passes_count}
            </p>
          ) : null}
        </div>
      </Card>
      {item && item.access_rules.length > 0 ? (
        <Card title={t('form.sections.access')}>
          <ul className="flex flex-wrap gap-1.5">
            {item.access_rules.map((r) => (
              <li key={r.id}>
                <Badge>{r.name}</Badge>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </EntityFormPage>
  );
}
