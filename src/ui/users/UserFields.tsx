import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, TIME_FORMAT_SUFFIX } from '../../contract/constants';
import { IDENTIFIER_FORMATS } from '../../contract/entities/profile';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormPicker } from '../entities/fields/FormPicker';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText } from '../entities/fields/FormText';
import { FormTextArea } from '../entities/fields/FormTextArea';
import type { FormRef } from '../entities/form-types';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { FormRow } from '../kit/FormRow';

/** The pickers the user form uses. */
export interface UserPickers {
  roles: PickerSpec;
  groups: PickerSpec;
  markers: PickerSpec;
}

const TIME_FORMATS = DATE_FORMATS.map((format) => `${format} ${TIME_FORMAT_SUFFIX}`);

/** Every editable field of a user (section 3), in cards. */
export function UserFields({ formRef, pickers }: { formRef: FormRef; pickers: UserPickers }) {
  const { t } = useTranslation(['users', 'profile']);
  const isNew = useSelector(formRef, selectIsNew);
  const picker = (spec: PickerSpec) => ({
    picker: spec.machine,
    pickerTitle: spec.title,
    searchLabel: spec.searchLabel,
    describe: spec.describe,
  });
  return (
    <>
      <Card title={t('users:sections.account')}>
        <div className="space-y-3">
          <FormRow>
            <FormText formRef={formRef} field="login" label={t('users:fields.login')} required autoComplete="off" />
            <FormText formRef={formRef} field="name" label={t('users:fields.name')} required />
          </FormRow>
          <FormRow>
            <FormText formRef={formRef} field="firstname" label={t('users:fields.firstname')} />
            <FormText formRef={formRef} field="lastname" label={t('users:fields.lastname')} />
          </FormRow>
          <FormRow>
            <FormText formRef={formRef} field="email" label={t('users:fields.email')} type="email" />
            <FormText
              formRef={formRef}
              field="phone"
              label={t('users:fields.phone')}
              type="tel"
              placeholder="+37120000000"
            />
          </FormRow>
          <FormTextArea formRef={formRef} field="description" label={t('users:fields.description')} />
        </div>
      </Card>
      <Card title={t('users:sections.access')}>
        <div className="space-y-3">
          <FormPicker
            formRef={formRef}
            field="role"
            label={t('users:fields.role')}
            required
            {...picker(pickers.roles)}
          />
          <FormPicker
            formRef={formRef}
            field="domains"
            label={t('users:fields.domains')}
            multiple
            required
            {...picker(pickers.groups)}
          />
          <FormPicker
            formRef={formRef}
            field="markers"
            label={t('users:fields.markers')}
            multiple
            {...picker(pickers.markers)}
          />
          <FormCheckbox
            formRef={formRef}
            field="elevator_access_disabled"
            label={t('users:fields.elevator_access_disabled')}
          />
        </div>
      </Card>
      <Card title={t('users:sections.settings')}>
        <div className="space-y-3">
          <FormText formRef={formRef} field="address" label={t('users:fields.address')} />
          <FormRow columns={3}>
            <FormText formRef={formRef} field="country_code" label={t('users:fields.country_code')} placeholder="LV" />
            <FormText formRef={formRef} field="time_zone" label={t('users:fields.time_zone')} inputMode="decimal" />
            <FormSelect
              formRef={formRef}
              field="identifier_format"
              label={t('users:fields.identifier_format')}
              options={IDENTIFIER_FORMATS.map((f) => ({ value: f, label: t(`profile:identifierFormats.${f}`) }))}
            />
          </FormRow>
          <FormSelect
            formRef={formRef}
            field="time_format"
            label={t('users:fields.time_format')}
            options={TIME_FORMATS.map((f) => ({ value: f, label: f }))}
          />
          <FormCheckbox formRef={formRef} field="use_phone_in_forward" label={t('users:fields.use_phone_in_forward')} />
        </div>
      </Card>
      {isNew ? (
        <Card title={t('users:sections.invitation')}>
          <div className="space-y-3">
            <FormCheckbox
              formRef={formRef}
              field="send_registration_link"
              label={t('users:fields.send_registration_link')}
            />
            <FormText
              formRef={formRef}
              field="password"
              type="password"
              autoComplete="new-password"
              label={t('users:fields.password')}
              hint={t('users:hints.password')}
            />
          </div>
        </Card>
      ) : null}
    </>
  );
}
