import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { GuestKeyMachine } from '../../machines/guest-key/guest-key.machine';
import {
  selectCanEdit,
  selectFieldErrors,
  selectIsNewKey,
  selectValues,
} from '../../machines/guest-key/guest-key.selectors';
import type { GuestKeyField } from '../../machines/guest-key/guest-key.types';
import type { PickerSpec } from '../entities/use-pickers';
import { Card } from '../kit/Card';
import { Checkbox } from '../kit/Checkbox';
import { TextField } from '../kit/TextField';
import { RulesField } from './RulesField';

/** The §3 fields of a guest key, over the guestKey actor: guest, doors (rules), period and passes, message. */
export function GuestKeyFields({ keyRef, rules }: { keyRef: ActorRefFrom<GuestKeyMachine>; rules: PickerSpec }) {
  const { t } = useTranslation(['guestAccess', 'identifiers']);
  const values = useSelector(keyRef, selectValues);
  const errors = useSelector(keyRef, selectFieldErrors);
  const editable = useSelector(keyRef, selectCanEdit);
  const isNew = useSelector(keyRef, selectIsNewKey);
  const messageId = useId();
  const set = (field: GuestKeyField) => (value: string | boolean) => keyRef.send({ type: 'key.change', field, value });
  const text = (field: GuestKeyField) => (event: { currentTarget: { value: string } }) =>
    set(field)(event.currentTarget.value);
  return (
    <>
      <Card title={t('guestAccess:form.sections.guest')}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('guestAccess:fields.name')}
            value={values.name}
            onChange={text('name')}
            disabled={!editable}
            error={errors.name}
          />
          <TextField
            label={t('guestAccess:fields.value')}
            value={values.value}
            onChange={text('value')}
            disabled={!editable || !isNew}
            error={errors.value}
            hint={isNew ? t('guestAccess:hints.value') : undefined}
          />
          <div className="sm:col-span-2">
            <label htmlFor={messageId} className="mb-1 block text-[13px] font-medium text-ink">
              {t('guestAccess:fields.keyMessage')}
            </label>
            <textarea
              id={messageId}
              value={values.keyMessage}
              onChange={text('keyMessage')}
              disabled={!editable}
              rows={2}
              maxLength={500}
              aria-describedby={`${messageId}-hint`}
              className="block w-full rounded-md border border-line bg-surface px-2.5 py-1.5 text-sm text-ink disabled:bg-canvas"
            />
            <p id={`${messageId}-hint`} className="mt-1 text-xs text-muted">
              {t('guestAccess:hints.keyMessage')}
            </p>
          </div>
        </div>
      </Card>
      <Card title={t('guestAccess:form.sections.access')}>
        <RulesField
          label={t('guestAccess:fields.selectedAccessRules')}
          hint={t('guestAccess:hints.rules')}
          rules={values.selectedAccessRules}
          picker={rules}
          error={errors.access_rules}
          disabled={!editable}
          onChange={(next) => keyRef.send({ type: 'rules.change', rules: next })}
        />
      </Card>
      <Card title={t('guestAccess:form.sections.limits')}>
        <div className="space-y-3">
          <Checkbox
            label={t('guestAccess:fields.restrictPeriod')}
            checked={values.restrictPeriod}
            disabled={!editable}
            onChange={(event) => set('restrictPeriod')(event.currentTarget.checked)}
          />
          {values.restrictPeriod ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <TextField
                type="datetime-local"
                label={t('guestAccess:fields.validFrom')}
                value={values.validatePeriod.from}
                onChange={text('validFrom')}
                disabled={!editable}
                error={errors['period_restrict.from']}
              />
              <TextField
                type="datetime-local"
                label={t('guestAccess:fields.validTo')}
                value={values.validatePeriod.to}
                onChange={text('validTo')}
                disabled={!editable}
                error={errors['period_restrict.to']}
              />
            </div>
          ) : null}
          <Checkbox
            label={t('guestAccess:fields.restrictPassCount')}
            checked={values.restrictPassCount}
            disabled={!editable}
            onChange={(event) => set('restrictPassCount')(event.currentTarget.checked)}
            error={values.restrictPassCount ? null : errors['passes_restrict.max_count']}
          />
          {values.restrictPassCount ? (
            <TextField
              label={t('guestAccess:fields.passLimit')}
              inputMode="numeric"
              value={values.passLimit}
              onChange={text('passLimit')}
              disabled={!editable}
              error={errors['passes_restrict.max_count']}
              className="max-w-40"
            />
          ) : null}
        </div>
      </Card>
    </>
  );
}
