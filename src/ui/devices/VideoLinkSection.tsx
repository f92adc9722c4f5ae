import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGRATION_DIRECTIONS } from '../../contract/entities/integration';
import { selectFieldError, selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { FormRef } from '../entities/form-types';
import { PickerDialog } from '../entities/PickerDialog';
import type { PickerSpec } from '../entities/use-pickers';
import { Button } from '../kit/Button';
import { Card } from '../kit/Card';
import { FieldErrorText } from '../kit/FieldErrorText';
import { FormRow } from '../kit/FormRow';
import { useDeviceFields } from './device-fields';

/** The pickers of a door's video platform link (2.5: integrations, and one integration's macros and cameras). */
export interface VideoLinkPickers {
  integrations: PickerSpec;
  integrationMacros: (integrationId: number) => PickerSpec;
  integrationCameras: (integrationId: number) => PickerSpec;
}

const LINK = 'integration_axxon';
const idOf = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);

/**
 * The link to the external video platform (section 3 `integration_axxon`): the integration (the
 * integrator of section 5), the door's direction, and the macro to run and the camera that
 * watches the door, both picked from that integration's platform. Choosing another integration
 * clears the macro and the camera (they were the other platform's).
 */
export function VideoLinkSection({ formRef, pickers }: { formRef: FormRef; pickers: VideoLinkPickers }) {
  const f = useDeviceFields(formRef);
  const { t } = useTranslation('devices');
  const integrationId = idOf(useSelector(formRef, selectFormValue(`${LINK}.integration_id`)));
  const set = (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values))
      formRef.send({ type: 'field.change', field: `${LINK}.${field}`, value });
  };
  const cleared = { macro_name: '', macro_guid: '', camera_name: '', camera_guid: '' };
  return (
    <Card title={t('sections.integration_axxon')}>
      <div className="space-y-3">
        <FormRow>
          <LinkChoice
            formRef={formRef}
            label={t(`fields.${LINK}.integration_id`)}
            nameField={`${LINK}.integration_name`}
            errorField={`${LINK}.integration_id`}
            spec={pickers.integrations}
            hint={t('form.integrationHint')}
            onChoose={(row) =>
              set(
                row
                  ? { integration_id: String(row.id), integration_name: String(row.name), ...cleared }
                  : { integration_id: '', integration_name: '', ...cleared },
              )
            }
          />
          {f.select(`${LINK}.direction`, [
            { value: '', label: t('form.directionAny') },
            ...INTEGRATION_DIRECTIONS.map((d) => ({ value: d, label: t(`form.direction.${d}`) })),
          ])}
        </FormRow>
        <FormRow>
          <LinkChoice
            formRef={formRef}
            label={t(`fields.${LINK}.macro_name`)}
            nameField={`${LINK}.macro_name`}
            errorField={`${LINK}.macro_guid`}
            spec={integrationId === null ? null : pickers.integrationMacros(integrationId)}
            hint={integrationId === null ? t('form.chooseIntegrationFirst') : t('form.macroHint')}
            onChoose={(row) =>
              set(
                row
                  ? { macro_name: String(row.name), macro_guid: String(row.guid) }
                  : { macro_name: '', macro_guid: '' },
              )
            }
          />
          <LinkChoice
            formRef={formRef}
            label={t(`fields.${LINK}.camera_name`)}
            nameField={`${LINK}.camera_name`}
            errorField={`${LINK}.camera_guid`}
            spec={integrationId === null ? null : pickers.integrationCameras(integrationId)}
            hint={integrationId === null ? t('form.chooseIntegrationFirst') : undefined}
            onChoose={(row) =>
              set(
                row
                  ? { camera_name: String(row.name), camera_guid: String(row.access_point) }
                  : { camera_name: '', camera_guid: '' },
              )
            }
          />
        </FormRow>
      </div>
    </Card>
  );
}

/** One choice of the link: what is chosen (by name), Choose (a picker of 2.5) and Clear. */
function LinkChoice(props: {
  formRef: FormRef;
  label: string;
  nameField: string;
  errorField: string;
  /** null: nothing to pick from yet (no integration). */
  spec: PickerSpec | null;
  hint?: string;
  onChoose: (row: ListRow | null) => void;
}) {
  const { formRef, spec } = props;
  const { t } = useTranslation('lists');
  const id = useId();
  const [open, setOpen] = useState(false);
  const name = useSelector(formRef, selectFormValue(props.nameField));
  const error = useSelector(formRef, selectFieldError(props.errorField));
  const locked = useSelector(formRef, selectIsLocked);
  const shown = typeof name === 'string' && name !== '' ? name : null;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}>
      <legend className="mb-1 text-[13px] font-medium text-ink">{props.label}</legend>
      <div
        className={`flex min-h-9 items-center gap-1.5 rounded-md border px-1.5 py-1 ${error ? 'border-danger-600' : 'border-line'}`}
      >
        {shown ? (
          <span className="truncate rounded bg-canvas px-2 py-0.5 text-[13px] text-ink">{shown}</span>
        ) : (
          <span className="px-1 text-[13px] text-muted">{t('picker.none')}</span>
        )}
        {locked ? null : (
          <span className="ml-auto flex gap-1">
            {shown ? (
              <Button size="sm" variant="ghost" onClick={() => props.onChoose(null)}>
                {t('picker.clear')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              disabled={spec === null}
              aria-label={t('picker.openNamed', { name: props.label })}
              onClick={() => setOpen(true)}
            >
              {t('picker.open')}
            </Button>
          </span>
        )}
      </div>
      {props.hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-[12px] text-muted">
          {props.hint}
        </p>
      ) : null}
      <FieldErrorText error={error} id={`${id}-error`} />
      {spec ? (
        <PickerDialog
          open={open}
          title={spec.title}
          machine={spec.machine}
          input={{ multiple: false, selected: [] }}
          describe={spec.describe}
          searchLabel={spec.searchLabel}
          onClose={() => setOpen(false)}
          onConfirm={(rows) => {
            setOpen(false);
            props.onChoose(rows[0] ?? null);
          }}
        />
      ) : null}
    </fieldset>
  );
}
