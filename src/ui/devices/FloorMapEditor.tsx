import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceType } from '../../contract/constants';
import { DEVICE_RELAYS, FLOOR_MAP_MAX } from '../../contract/entities/device';
import type { FieldError } from '../../contract/errors';
import {
  selectFieldError,
  selectFormErrors,
  selectFormValue,
  selectIsLocked,
} from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from '../entities/form-types';
import { Button } from '../kit/Button';
import { FieldErrorText } from '../kit/FieldErrorText';
import { Icon } from '../kit/icons';
import { inputClasses } from '../kit/TextField';
import { translateFieldError } from '../kit/translate-error';
import { type FloorRow, newFloorRow } from './device-form';

const FIELD = 'floor_map';
const rowsOf = (value: unknown) => (Array.isArray(value) ? (value as FloorRow[]) : []);
type Column = keyof FloorRow;

/** A column of the map: the row field its cells edit, how (typed text, a number, a mark), its width. */
type FloorColumn =
  | { column: 'floor' | 'name' | 'apartments' | 'ports'; input: 'text' | 'numeric'; width?: string }
  | { column: 'is_public' | 'is_panel_floor'; input: 'check'; width: string };

const COLUMNS: readonly FloorColumn[] = [
  { column: 'floor', input: 'numeric', width: 'w-20' },
  { column: 'name', input: 'text' },
  { column: 'is_public', input: 'check', width: 'w-16' },
  { column: 'is_panel_floor', input: 'check', width: 'w-16' },
  { column: 'apartments', input: 'text' },
  { column: 'ports', input: 'numeric', width: 'w-28' },
];

/** Section 5's floor rules say more than "invalid" on these two cells. */
function useCellMessage() {
  const { t } = useTranslation('devices');
  return (column: Column, error: FieldError): FieldError | string =>
    error.code === 'invalid' && column === 'is_panel_floor'
      ? t('floorMap.publicAndPanel')
      : error.code === 'invalid' && column === 'apartments'
        ? t('floorMap.panelApartments')
        : error;
}

/**
 * The floor map of a lift controller (section 3 "Floor map entry"): one row per
 * floor with its name, public / panel-floor marks, apartments and relays;
 * rows are added and removed here. Errors of section 5 show on their cells
 * (`floor_map.<row>.<column>`, from the form's check or the server).
 */
export function FloorMapEditor({ formRef }: { formRef: FormRef }) {
  const { t } = useTranslation('devices');
  const id = useId();
  const rows = rowsOf(useSelector(formRef, selectFormValue(FIELD)));
  const errors = useSelector(formRef, selectFormErrors);
  const listError = useSelector(formRef, selectFieldError(FIELD));
  const locked = useSelector(formRef, selectIsLocked);
  const type = useSelector(formRef, selectFormValue('type')) as DeviceType;
  const message = useCellMessage();
  const set = (next: FloorRow[]) => formRef.send({ type: 'field.change', field: FIELD, value: next });
  const change = (index: number, column: Column, value: string | boolean) =>
    set(rows.map((row, i) => (i === index ? { ...row, [column]: value } : row)));
  const errorOf = (index: number, column: Column) => errors[`${FIELD}.${index}.${column}`] ?? null;
  const rowErrors = (index: number) =>
    COLUMNS.map(({ column }) => [column, errorOf(index, column)] as const).filter(
      (entry): entry is readonly [Column, FieldError] => entry[1] !== null,
    );

  const cell = (index: number, spec: FloorColumn) => {
    const error = errorOf(index, spec.column);
    const common = {
      'aria-label': t(`floorMap.cell.${spec.column}`, { n: index + 1 }),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${index}-errors` : undefined,
      disabled: locked,
    } as const;
    return spec.input === 'check' ? (
      <input
        type="checkbox"
        {...common}
        checked={rows[index]?.[spec.column] === true}
        onChange={(event) => change(index, spec.column, event.target.checked)}
        className="size-4 rounded border-line accent-brand-600"
      />
    ) : (
      <input
        {...common}
        inputMode={spec.input === 'numeric' ? 'numeric' : undefined}
        value={rows[index]?.[spec.column] ?? ''}
        onChange={(event) => change(index, spec.column, event.target.value)}
        className={inputClasses(Boolean(error)).replace('h-9', 'h-8')}
      />
    );
  };

  return (
    <fieldset aria-describedby={listError ? `${id}-error` : undefined} className="min-w-0">
      <legend className="mb-1.5 text-[13px] font-medium text-ink">{t('fields.floor_map')}</legend>
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-line px-3 py-4 text-center text-[13px] text-muted">
          {t('floorMap.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full text-[13px]">
            <thead className="bg-canvas text-left text-xs text-muted">
              <tr>
                {COLUMNS.map(({ column, input, width }) => (
                  <th
                    key={column}
                    scope="col"
                    className={`${width ?? ''} px-2 py-1.5 font-medium ${input === 'check' ? 'text-center' : ''}`}
                  >
                    {t(`floorMap.columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="w-10 px-2 py-1.5">
                  <span className="sr-only">{t('floorMap.columns.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((_, index) => {
                const problems = rowErrors(index);
                return (
                  <FloorRowView
                    // Rows are positions in the map being edited (a floor number may be typed twice, see 5).
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    key={index}
                    index={index}
                    problems={problems}
                    errorsId={`${id}-${index}-errors`}
                    message={message}
                  >
                    {COLUMNS.map((spec) => (
                      <td key={spec.column} className={`px-2 py-1 ${spec.input === 'check' ? 'text-center' : ''}`}>
                        {cell(index, spec)}
                      </td>
                    ))}
                    <td className="px-1 py-1 text-right">
                      {locked ? null : (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={t('floorMap.remove', { n: index + 1 })}
                          title={t('floorMap.remove', { n: index + 1 })}
                          onClick={() => set(rows.filter((__, i) => i !== index))}
                        >
                          <Icon name="close" className="size-3.5" />
                        </Button>
                      )}
                    </td>
                  </FloorRowView>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-1.5 flex items-center justify-between gap-2">
        {locked || rows.length >= FLOOR_MAP_MAX ? (
          <span />
        ) : (
          <Button size="sm" variant="ghost" onClick={() => set([...rows, newFloorRow(rows)])}>
            {t('floorMap.add')}
          </Button>
        )}
        <span className="text-xs text-muted">{t('floorMap.hint', { max: DEVICE_RELAYS[type] ?? 1 })}</span>
      </div>
      <FieldErrorText error={listError} id={`${id}-error`} />
    </fieldset>
  );
}

/** One floor's cells, and under them what is wrong with the row. */
function FloorRowView({
  index,
  problems,
  errorsId,
  message,
  children,
}: {
  index: number;
  problems: (readonly [Column, FieldError])[];
  errorsId: string;
  message: ReturnType<typeof useCellMessage>;
  children: ReactNode;
}) {
  const { t } = useTranslation('devices');
  const { t: te } = useTranslation('errors');
  return (
    <>
      <tr className={index > 0 ? 'border-t border-line' : undefined}>{children}</tr>
      {problems.length ? (
        <tr>
          <td colSpan={7} className="px-2 pb-1.5">
            <ul id={errorsId} className="text-xs text-danger-600">
              {problems.map(([column, error]) => {
                const shown = message(column, error);
                return (
                  <li key={column}>
                    {t(`floorMap.columns.${column}`)}:{' '}
                    {typeof shown === 'string' ? shown : translateFieldError(te, shown)}
                  </li>
                );
              })}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
}
