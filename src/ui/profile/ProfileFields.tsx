import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { DATE_FORMATS, LANGUAGES, TIME_FORMAT_SUFFIX } from '../../contract/constants';
import { IDENTIFIER_FORMATS } from '../../contract/entities/profile';
import type { ProfileFormMachine } from '../../machines/profile-form/profile-form.machine';
import { selectProfileErrors, selectProfileValues } from '../../machines/profile-form/profile-form.selectors';
import type { ProfileFormValues } from '../../machines/profile-form/profile-form.values';
import { Card } from '../kit/Card';
import { Checkbox } from '../kit/Checkbox';
import { FormRow } from '../kit/FormRow';
import { Select } from '../kit/Select';
import { TextField } from '../kit/TextField';

/** Props of {@link ProfileFields}. */
export interface ProfileFieldsProps {
  profileRef: ActorRefFrom<ProfileFormMachine>;
  disabled?: boolean;
}

type TextKey = Exclude<keyof ProfileFormValues, 'use_phone_in_forward' | 'identifier_format' | 'locale'>;

const TIME_FORMATS = DATE_FORMATS.map((f) => `${f} ${TIME_FORMAT_SUFFIX}`);

/** The profile's inputs in two cards; each input shows its own field error. */
export function ProfileFields({ profileRef, disabled }: ProfileFieldsProps) {
  const { t } = useTranslation(['profile', 'common']);
  const values = useSelector(profileRef, selectProfileValues);
  const errors = useSelector(profileRef, selectProfileErrors);
  const change = (field: keyof ProfileFormValues, value: string | boolean) =>
    profileRef.send({ type: 'field.change', field, value });

  const text = (field: TextKey, extra: { type?: string; autoComplete?: string; inputMode?: 'decimal' } = {}) => (
    <TextField
      label={t(`profile:fields.${field}`)}
      name={field}
      value={values[field]}
      onChange={(e) => change(field, e.target.value)}
      error={errors[field]}
      disabled={disabled}
      required={field === 'name'}
      {...extra}
    />
  );
  const timeFormats = TIME_FORMATS.includes(values.time_format) ? TIME_FORMATS : [values.time_format, ...TIME_FORMATS];

  return (
    <div className="space-y-4">
      <Card title={t('profile:sections.personal')}>
        <div className="space-y-3">
          <FormRow>
            {text('name', { autoComplete: 'name' })}
            {text('email', { type: 'email', autoComplete: 'email' })}
          </FormRow>
          <FormRow>
            {text('firstname', { autoComplete: 'given-name' })}
            {text('lastname', { autoComplete: 'family-name' })}
          </FormRow>
          <FormRow>
            {text('phone', { type: 'tel', autoComplete: 'tel' })}
            {text('address', { autoComplete: 'street-address' })}
          </FormRow>
          <FormRow columns={1}>{text('description')}</FormRow>
        </div>
      </Card>
      <Card title={t('profile:sections.preferences')}>
        <div className="space-y-3">
          <FormRow columns={3}>
            <Select
              label={t('profile:fields.locale')}
              value={values.locale}
              onChange={(v) => change('locale', v)}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`common:languageNames.${l}`) }))}
              error={errors.locale}
              disabled={disabled}
            />
            <Select
              label={t('profile:fields.identifier_format')}
              value={values.identifier_format}
              onChange={(v) => change('identifier_format', v)}
              options={IDENTIFIER_FORMATS.map((f) => ({ value: f, label: t(`profile:identifierFormats.${f}`) }))}
              error={errors.identifier_format}
              disabled={disabled}
            />
            <Select
              label={t('profile:fields.time_format')}
              value={values.time_format}
              onChange={(v) => change('time_format', v)}
              options={timeFormats.map((f) => ({ value: f, label: f }))}
              error={errors.time_format}
              disabled={disabled}
            />
          </FormRow>
          <FormRow columns={3}>
            {text('time_zone', { inputMode: 'decimal' })}
            {text('country_code', { autoComplete: 'country' })}
          </FormRow>
          <Checkbox
            label={t('profile:fields.use_phone_in_forward')}
            checked={values.use_phone_in_forward}
            onChange={(e) => change('use_phone_in_forward', e.target.checked)}
            error={errors.use_phone_in_forward}
            disabled={disabled}
          />
        </div>
      </Card>
    </div>
  );
}
