import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Elevator } from '../../contract/entities/elevator';
import { selectFormValue, selectIsLocked } from '../../machines/entity-form/entity-form.selectors';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectLoadedData } from '../../machines/loader/loader.selectors';
import type { FormRef } from '../entities/form-types';
import { Checkbox } from '../kit/Checkbox';

/** The floors an access rule may grant on an elevator: its controllers' floor maps, public floors left out. */
export function grantableFloors(elevator: Pick<Elevator, 'devices'>): { floor: number; name: string | null }[] {
  const byFloor = new Map<number, { floor: number; name: string | null; is_public: boolean }>();
  for (const device of elevator.devices) {
    for (const f of device.lift_controller.floor_map) {
      const known = byFloor.get(f.floor);
      byFloor.set(f.floor, {
        floor: f.floor,
        name: known?.name ?? f.name,
        is_public: (known?.is_public ?? false) || f.is_public,
      });
    }
  }
  return [...byFloor.values()].filter((f) => !f.is_public).sort((a, b) => a.floor - b.floor);
}

/** For each chosen elevator, a checkbox per floor it may grant (loaded with the elevator when the row lacks it). */
export function ElevatorFloors({ formRef, labels }: { formRef: FormRef; labels: (ids: number[]) => LoaderMachine }) {
  const elevators = (useSelector(formRef, selectFormValue('elevators')) as ListRow[] | undefined) ?? [];
  if (elevators.length === 0) return null;
  return (
    <div className="mt-3 space-y-3">
      {elevators.map((row) =>
        Array.isArray(row.devices) ? (
          <FloorChoice key={row.id} formRef={formRef} row={row} elevator={row as unknown as Elevator} />
        ) : (
          <LoadedFloorChoice key={row.id} formRef={formRef} row={row} labels={labels} />
        ),
      )}
    </div>
  );
}

function LoadedFloorChoice({
  formRef,
  row,
  labels,
}: {
  formRef: FormRef;
  row: ListRow;
  labels: (ids: number[]) => LoaderMachine;
}) {
  const [machine] = useState(() => labels([row.id]));
  const ref = useActorRef(machine);
  const loaded = useSelector(ref, selectLoadedData<ListRow[]>)?.[0];
  const elevator = loaded && Array.isArray(loaded.devices) ? (loaded as unknown as Elevator) : null;
  return <FloorChoice formRef={formRef} row={row} elevator={elevator} />;
}

function FloorChoice({ formRef, row, elevator }: { formRef: FormRef; row: ListRow; elevator: Elevator | null }) {
  const { t } = useTranslation('accessRules');
  const floors = (useSelector(formRef, selectFormValue('floors')) as Record<string, number[]> | undefined) ?? {};
  const locked = useSelector(formRef, selectIsLocked);
  const chosen = floors[String(row.id)] ?? [];
  // Until the elevator loads, the chosen floors are what there is to show.
  const options = elevator ? grantableFloors(elevator) : chosen.map((floor) => ({ floor, name: null }));
  const toggle = (floor: number, on: boolean) => {
    const next = on ? [...new Set([...chosen, floor])] : chosen.filter((f) => f !== floor);
    formRef.send({ type: 'field.change', field: 'floors', value: { ...floors, [String(row.id)]: next } });
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="mb-1 text-[13px] font-medium text-ink">
        {t('elevator.form.floorsOf', { name: String(row.name) })}
      </legend>
      {elevator && options.length === 0 ? (
        <span className="text-[13px] text-muted">{t('elevator.form.noFloors')}</span>
      ) : null}
      {!elevator && options.length === 0 ? (
        <span className="text-[13px] text-muted">{t('elevator.form.floorsLoading')}</span>
      ) : null}
      {options.map((f) => (
        <Checkbox
          key={f.floor}
          label={f.name ? `${f.floor} (${f.name})` : String(f.floor)}
          name={`floors.${row.id}.${f.floor}`}
          checked={chosen.includes(f.floor)}
          disabled={locked}
          onChange={(event) => toggle(f.floor, event.target.checked)}
        />
      ))}
    </fieldset>
  );
}
