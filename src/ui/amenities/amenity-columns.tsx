import type { TFunction } from 'i18next';
import { clockOf } from '../../contract/amenity-slots';
import { WEEK_DAYS } from '../../contract/constants';
import type { Amenity } from '../../contract/entities/amenity';
import { asColumns, type ColumnDef } from '../entities/columns';

type Row = Amenity & { [k: string]: unknown };

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

/** "Mon–Fri 08:00–12:00; Sat 10:00–14:00": an amenity's slot items, briefly. */
export function slotsSummary(t: TFunction, amenity: Pick<Amenity, 'time_slots'>): string {
  return amenity.time_slots.items
    .map((item) => {
      const days = WEEK_DAYS.filter((d) => item.days.includes(d));
      const first = days[0];
      const last = days.at(-1);
      const contiguous = first && last && WEEK_DAYS.indexOf(last) - WEEK_DAYS.indexOf(first) === days.length - 1;
      const label =
        contiguous && days.length > 2
          ? `${t(`amenities:days.${first}`)}–${t(`amenities:days.${last}`)}`
          : days.map((d) => t(`amenities:days.${d}`)).join(', ');
      return `${label} ${clockOf(item.from)}–${clockOf(item.to)}`;
    })
    .join('; ');
}

/** The amenities table: name and address, groups, places, slots, doors. */
export function amenityColumns(t: TFunction): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'name',
      header: t('amenities:fields.name'),
      sortField: 'name',
      cell: (x) => (
        <span>
          <span className="font-medium">{x.name}</span>
          {x.address ? <span className="block text-[12px] text-muted">{x.address}</span> : null}
        </span>
      ),
    },
    { key: 'domains', header: t('amenities:fields.domains'), cell: (x) => names(x.domains) },
    {
      key: 'places',
      header: t('amenities:fields.places'),
      cell: (x) => t('amenities:list.places', { min: x.number_of_persons.min, max: x.number_of_persons.max }),
    },
    { key: 'slots', header: t('amenities:fields.time_slots'), cell: (x) => slotsSummary(t, x) },
    { key: 'access_rules', header: t('amenities:fields.access_rules'), cell: (x) => names(x.access_rules) },
  ]);
}
