import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { SearchField } from '../entities/SearchField';
import { FieldErrorText } from '../kit/FieldErrorText';
import { PermissionFamilyBox } from './PermissionFamilyBox';
import { groupPermissions, toggleFamily } from './permission-groups';

/**
 * The permission editor of a role: the families of 6.2, each with its
 * permissions and a select-all, narrowed by a search over names and codes.
 */
export function PermissionEditor({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('roles');
  // What is typed in the search is view state: it only narrows what is shown.
  const [search, setSearch] = useState('');
  const granted = (useSelector(formRef, selectFormValue('permissions')) as string[] | undefined) ?? [];
  const locked = useSelector(formRef, selectIsLocked);
  const error = useSelector(formRef, selectFieldError('permissions'));
  const groups = groupPermissions(search, {
    family: (family) => t(`families.${family}`),
    action: (permission) => t(`actions.${permission.slice(permission.indexOf('.') + 1)}`),
  });
  const set = (permissions: string[]) =>
    formRef.send({ type: 'field.change', field: 'permissions', value: permissions });

  return (
    <div className="space-y-3">
      <SearchField label={t('editor.search')} value={search} onChange={setSearch} className="sm:w-80" />
      <FieldErrorText error={error} />
      {groups.length === 0 ? <p className="py-4 text-sm text-muted">{t('editor.noMatch')}</p> : null}
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {groups.map((group) => (
          <PermissionFamilyBox
            key={group.family}
            group={group}
            granted={granted}
            locked={locked}
            onToggle={(permission, on) => set(on ? [...granted, permission] : granted.filter((p) => p !== permission))}
            onToggleAll={(on) => set(toggleFamily(granted, group.permissions, on))}
          />
        ))}
      </div>
    </div>
  );
}
