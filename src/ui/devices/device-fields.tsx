import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_PLACEHOLDER } from '../../machines/entity-form/entity-form.normalise';
import { selectFormValue } from '../../machines/entity-form/entity-form.selectors';
import { FormCheckbox } from '../entities/fields/FormCheckbox';
import { FormSelect } from '../entities/fields/FormSelect';
import { FormText, type FormTextProps } from '../entities/fields/FormText';
import type { FormRef } from '../entities/form-types';

type TextOptions = Omit<FormTextProps, 'formRef' | 'field' | 'label'> & { label?: string; hint?: ReactNode };

/**
 * Field makers for the device form: labels come from `devices:fields.<path>`
 * (settings paths such as `sip.proxy_address` included), so a section lists
 * paths, not texts.
 */
export function useDeviceFields(formRef: FormRef) {
  const { t } = useTranslation('devices');
  const label = (path: string) => t(`fields.${path}`);
  return {
    t,
    text: (path: string, options: TextOptions = {}) => (
      <FormText formRef={formRef} field={path} label={options.label ?? label(path)} {...options} />
    ),
    /** A whole number (ports, seconds, floors). */
    number: (path: string, options: TextOptions = {}) => (
      <FormText formRef={formRef} field={path} label={options.label ?? label(path)} inputMode="numeric" {...options} />
    ),
    /** A stored secret: the placeholder keeps it (7.9). */
    secret: (path: string) => <SecretField formRef={formRef} field={path} label={label(path)} />,
    check: (path: string, text?: string) => <FormCheckbox formRef={formRef} field={path} label={text ?? label(path)} />,
    select: (path: string, options: { value: string; label: string }[]) => (
      <FormSelect formRef={formRef} field={path} label={label(path)} options={options} />
    ),
  };
}

/** A stored secret: shown as the placeholder, which keeps it (7.9); the hint says so only when one is stored. */
function SecretField({ formRef, field, label }: { formRef: FormRef; field: string; label: string }) {
  const { t } = useTranslation('devices');
  const stored = useSelector(formRef, selectFormValue(field)) === PASSWORD_PLACEHOLDER;
  return (
    <FormText
      formRef={formRef}
      field={field}
      label={label}
      type="password"
      autoComplete="new-password"
      hint={stored ? t('form.secretHint') : undefined}
    />
  );
}
