import { amenitySlotErrors, type SlotItem } from '../../contract/amenity-slots';
import { AMENITY_DEFAULTS } from '../../contract/constants';
import { type Amenity, AmenityCreateSchema, AmenityPatchSchema } from '../../contract/entities/amenity';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import type { AmenityFileChoice, AmenityFileChoices } from '../../services/areas/amenities';

/** What the amenity page edits. Persons are typed as text; slots are drawn on the week grid. */
export interface AmenityValues extends FormValues {
  name: string;
  address: string;
  description: string;
  domains: ListRow[];
  access_rules: ListRow[];
  persons_min: string;
  persons_max: string;
  duration: number;
  items: SlotItem[];
  files: AmenityFileChoices;
}

/** Slot lengths offered (seconds): the Duration parameter of section 5. */
export const DURATIONS = [900, 1800, 3600, 5400, 7200, 10800, 14400] as const;

const none: AmenityFileChoice = { originalUrl: null, url: null, action: 'none', file: null, name: null };
const stored = (file: Amenity['files']['image']): AmenityFileChoice =>
  file ? { originalUrl: file.originalUrl, url: file.url, action: 'none', file: null, name: file.name } : none;

/** The input that shows an error reported at a path of the payload (schema or server). */
export function amenityFieldOf(path: string): string {
  const item = /^time_slots\.items\.(\d+)/.exec(path);
  if (item) return `slots.${item[1]}`;
  if (path.startsWith('time_slots.duration')) return 'duration';
  if (path.startsWith('time_slots')) return 'slots';
  if (path === 'number_of_persons.min') return 'persons_min';
  if (path.startsWith('number_of_persons')) return 'persons_max';
  return path.split('.')[0] ?? path;
}

const asNumber = (text: string, fallback: number) => (/^\d+$/.test(text.trim()) ? Number(text) : fallback);

/** The amenity form (section 3, 5): groups, access rules, persons, slots on a week grid, files. */
export const amenityForm: EntityFormDefinition<AmenityValues, Amenity> = {
  empty: () => ({
    name: '',
    address: '',
    description: '',
    domains: [],
    access_rules: [],
    persons_min: String(AMENITY_DEFAULTS.persons.min),
    persons_max: String(AMENITY_DEFAULTS.persons.max),
    duration: AMENITY_DEFAULTS.slotDuration,
    items: [],
    files: { image: none, terms_of_use: none },
  }),
  fromItem: (a) => ({
    name: a.name,
    address: a.address ?? '',
    description: a.description ?? '',
    domains: a.domains,
    access_rules: a.access_rules,
    persons_min: String(a.number_of_persons.min),
    persons_max: String(a.number_of_persons.max),
    duration: a.time_slots.duration,
    items: a.time_slots.items.map((i) => ({ days: [...i.days], from: i.from, to: i.to })),
    files: { image: stored(a.files.image), terms_of_use: stored(a.files.terms_of_use) },
  }),
  kinds: {
    name: 'requiredText',
    address: 'text',
    description: 'text',
    domains: 'raw',
    access_rules: 'raw',
    persons_min: 'integer',
    persons_max: 'integer',
    duration: 'raw',
    items: 'raw',
    files: 'raw',
  },
  finish: (body, _mode, values) => {
    const { persons_min, persons_max, duration, items, ...rest } = body;
    return {
      ...rest,
      domains: values.domains.map((row) => row.id),
      access_rules: values.access_rules.map((row) => row.id),
      number_of_persons: { min: persons_min, max: persons_max },
      time_slots: { duration, items },
    };
  },
  schemas: { create: AmenityCreateSchema, patch: AmenityPatchSchema },
  // Section 5 beyond the schema, as the week grid shows them: the slot rules and min ≤ max.
  check: (values) => {
    const errors: Record<string, FieldError> = {};
    const persons = {
      min: asNumber(values.persons_min, 1),
      max: asNumber(values.persons_max, Number.MAX_SAFE_INTEGER),
    };
    for (const [path, error] of Object.entries(
      amenitySlotErrors({ duration: values.duration, items: values.items }, persons),
    ))
      errors[amenityFieldOf(path)] ??= error;
    return errors;
  },
  fieldOf: amenityFieldOf,
};
