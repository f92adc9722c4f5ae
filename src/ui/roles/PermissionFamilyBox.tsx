import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSION_FAMILIES } from '../../contract/permissions';
import { actionOf, type PermissionGroup } from './permission-groups';

/** Props of {@link PermissionFamilyBox}. */
export interface PermissionFamilyBoxProps {
  group: PermissionGroup;
  granted: readonly string[];
  locked: boolean;
  onToggle: (permission: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}

/** One family: a select-all checkbox (mixed when some are granted) and a checkbox per permission. */
export function PermissionFamilyBox({ group, granted, locked, onToggle, onToggleAll }: PermissionFamilyBoxProps) {
  const { t } = useTranslation('roles');
  const shown = group.permissions;
  const on = shown.filter((p) => granted.includes(p)).length;
  const all = PERMISSION_FAMILIES[group.family];
  const total = all.filter((p) => granted.includes(p)).length;
  const familyName = t(`families.${group.family}`);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = on > 0 && on < shown.length;
  }, [on, shown.length]);

  return (
    <fieldset className="rounded-md border border-line bg-surface">
      <legend className="sr-only">{familyName}</legend>
      <div className="flex items-center justify-between gap-2 border-b border-line px-3 py-2">
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input
            ref={box}
            type="checkbox"
            checked={on === shown.length}
            disabled={locked}
            onChange={(event) => onToggleAll(event.target.checked)}
            aria-label={t('editor.selectFamily', { family: familyName })}
            className="size-4 accent-brand-600"
          />
          {familyName}
        </label>
        <span className="text-xs text-muted tabular-nums">
          {t('editor.selected', { count: total, total: all.length })}
        </span>
      </div>
      <ul className="space-y-1 px-3 py-2">
        {shown.map((permission) => (
          <li key={permission}>
            <label className="flex items-start gap-2 text-[13px] text-ink" title={permission}>
              <input
                type="checkbox"
                checked={granted.includes(permission)}
                disabled={locked}
                onChange={(event) => onToggle(permission, event.target.checked)}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>{t(`actions.${actionOf(permission)}`)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
