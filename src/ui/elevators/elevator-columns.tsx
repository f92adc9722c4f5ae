import type { TFunction } from 'i18next';
import type { Elevator } from '../../contract/entities/elevator';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';

type Row = Elevator & { [k: string]: unknown };

/** Floors the elevator serves: the distinct floors of its controllers' maps. */
export const floorCount = (elevator: Elevator) =>
  new Set(elevator.devices.flatMap((d) => d.lift_controller.floor_map.map((f) => f.floor))).size;

/** The elevators table: name, group, controllers (with their live status), floors. */
export function elevatorColumns(t: TFunction, onCall?: (row: Elevator) => void): ColumnDef[] {
  return asColumns<Row>([
    { key: 'name', header: t('elevators:fields.name'), sortField: 'name', cell: (x) => x.name },
    { key: 'domain', header: t('elevators:fields.domain'), cell: (x) => x.domain.name },
    {
      key: 'devices',
      header: t('elevators:fields.devices'),
      cell: (x) => (
        <span className="flex flex-wrap gap-1.5">
          {x.devices.map((d) => (
            <Badge key={d.id} tone={d.device_info.status === 'online' ? 'success' : 'neutral'}>
              {d.name} · {t(`elevators:status.${d.device_info.status}`)}
            </Badge>
          ))}
        </span>
      ),
    },
    { key: 'floors', header: t('elevators:fields.floors'), cell: (x) => floorCount(x) },
    ...(onCall
      ? [
          {
            key: 'call',
            header: t('elevators:call.column'),
            cell: (x: Row) => (
              <button
                type="button"
                aria-label={t('elevators:call.openNamed', { name: x.name })}
                className="text-[13px] font-medium text-brand-700 hover:underline"
                onClick={(e) => {
                  e.stopPropagation();
                  onCall(x);
                }}
              >
                {t('elevators:call.open')}
              </button>
            ),
          },
        ]
      : []),
  ]);
}
