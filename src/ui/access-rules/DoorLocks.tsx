import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { DEVICE_RELAYS } from '../../contract/entities/device';
import { selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { FormRef } from '../entities/form-types';
import { Checkbox } from '../kit/Checkbox';
import { locksOf } from './access-rule-form';

/** How many locks (relays) a device of this type has (section 5: a lock number within them). */
export const locksOfType = (type: unknown) => (DEVICE_RELAYS as Record<string, number>)[String(type)] ?? 1;

/** For each chosen device, a checkbox per lock: which of its locks the rule opens (lock 1 when none). */
export function DoorLocks({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('accessRules');
  const devices = (useSelector(formRef, selectFormValue('devices')) as ListRow[] | undefined) ?? [];
  const locks = (useSelector(formRef, selectFormValue('locks')) as Record<string, number[]> | undefined) ?? {};
  const locked = useSelector(formRef, selectIsLocked);
  const toggle = (id: number, lock: number, on: boolean) => {
    const current = locksOf(locks, id);
    const next = on ? [...new Set([...current, lock])] : current.filter((n) => n !== lock);
    formRef.send({ type: 'field.change', field: 'locks', value: { ...locks, [String(id)]: next } });
  };
  const many = devices.filter((d) => locksOfType(d.type) > 1);
  if (many.length === 0) return null;
  return (
    <div className="mt-3 space-y-2">
      {many.map((device) => {
        const chosen = locksOf(locks, device.id);
        return (
          <fieldset key={device.id} className="flex flex-wrap items-center gap-3">
            <legend className="mb-1 text-[13px] font-medium text-ink">
              {t('form.locks', { name: String(device.name) })}
            </legend>
            {Array.from({ length: locksOfType(device.type) }, (_, i) => i + 1).map((lock) => (
              <Checkbox
                key={lock}
                label={t('form.lock', { number: lock })}
                name={`locks.${device.id}.${lock}`}
                checked={chosen.includes(lock)}
                disabled={locked}
                onChange={(event) => toggle(device.id, lock, event.target.checked)}
              />
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
