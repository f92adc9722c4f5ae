import type { TFunction } from 'i18next';
import type { Marker } from '../../contract/entities/marker';
import { asColumns, type ColumnDef } from '../entities/columns';
import { MarkerSwatch } from './MarkerSwatch';

/** The markers table: swatch and name, colour code, description, how many users carry it. */
export function markerColumns(t: TFunction): ColumnDef[] {
  return asColumns<Marker & { [k: string]: unknown }>([
    {
      key: 'name',
      header: t('markers:fields.name'),
      sortField: 'name',
      cell: (m) => (
        <span className="inline-flex items-center gap-2">
          <MarkerSwatch color={m.color} />
          {m.name}
        </span>
      ),
    },
    {
      key: 'color',
      header: t('markers:fields.color'),
      sortField: 'color',
      className: 'w-32',
      cell: (m) => <code className="text-[13px] text-muted">{m.color}</code>,
    },
    { key: 'description', header: t('markers:fields.description'), cell: (m) => m.description ?? '' },
    {
      key: 'users_count',
      header: t('markers:fields.users_count'),
      sortField: 'users_count',
      className: 'w-28 text-right',
      cell: (m) => m.users_count,
    },
  ]);
}
