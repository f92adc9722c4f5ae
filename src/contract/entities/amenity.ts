import * as v from 'valibot';
import { AMENITY_DEFAULTS, AMENITY_LIMITS, SECONDS_IN_DAY, WEEK_DAYS } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { idList } from '../ids';
import type { Permission } from '../permissions';

/**
 * Amenities (doc 1 §3, §5; doc 2 §6.2, §7.7, §9): a shared space (a gym, a meeting room) that
 * the people of its groups book by time slot. Its access rules name the doors a reservation's QR
 * opens during the booked slots. Section 5: a group, an access rule and a time slot are needed;
 * a slot item runs `from` below `to` on at least one day, its length a multiple of `duration`;
 * items never intersect; persons 1 to 500 by default (`number_of_persons.max` is a slot's places).
 */
const ref = v.object({ id: v.number(), name: v.string() });

/** Decided: an amenity's name says what and where ("Meeting room, 2nd floor"), longer than 31. */
export const AMENITY_NAME_MAX = 64;
export const AMENITY_ADDRESS_MAX = 255;
export const AMENITY_DESCRIPTION_MAX = 1000;
/** Device types whose readers take a QR code (8.2 "unsupported QR devices" otherwise). */
export const QR_READER_DEVICE_TYPES = ['panel', 'accesscontroller'] as const;

/** An uploaded file as section 3 shows it: the original, the URL shown, and no pending action. */
export const AmenityFileSchema = v.object({
  originalUrl: v.string(),
  url: v.string(),
  action: v.literal('none'),
  file: v.null(),
  /** The name it was uploaded with. */
  name: v.string(),
});
export type AmenityFile = v.InferOutput<typeof AmenityFileSchema>;

export const AmenityFilesSchema = v.object({
  image: v.nullable(AmenityFileSchema),
  terms_of_use: v.nullable(AmenityFileSchema),
});

const SlotItemSchema = v.object({
  days: v.array(v.picklist(WEEK_DAYS)),
  from: v.number(),
  to: v.number(),
});
export const TimeSlotsSchema = v.object({ duration: v.number(), items: v.array(SlotItemSchema) });
export const PersonsSchema = v.object({ min: v.number(), max: v.number() });

export const AmenitySchema = v.object({
  id: v.number(),
  name: v.string(),
  address: v.nullable(v.string()),
  description: v.nullable(v.string()),
  domains: v.array(ref),
  access_rules: v.array(ref),
  number_of_persons: PersonsSchema,
  time_slots: TimeSlotsSchema,
  files: AmenityFilesSchema,
  created_at: v.string(),
  created_by_user: v.nullable(ref),
});
export type Amenity = v.InferOutput<typeof AmenitySchema>;

const text = (max: number) =>
  v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max),
      v.transform((s) => (s === '' ? null : s)),
    ),
  );
const second = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(SECONDS_IN_DAY));
const persons = v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(AMENITY_LIMITS.personsMax));

export const SlotItemInputSchema = v.object({
  days: v.pipe(v.array(v.picklist(WEEK_DAYS)), v.minLength(1), v.maxLength(WEEK_DAYS.length)),
  from: second,
  to: second,
});
export const TimeSlotsInputSchema = v.object({
  duration: v.optional(
    v.pipe(
      v.number(),
      v.safeInteger(),
      v.minValue(AMENITY_LIMITS.durationMin),
      v.maxValue(AMENITY_LIMITS.durationMax),
      v.multipleOf(AMENITY_LIMITS.durationStep),
    ),
    AMENITY_DEFAULTS.slotDuration,
  ),
  items: v.pipe(v.array(SlotItemInputSchema), v.minLength(1), v.maxLength(AMENITY_LIMITS.slotItemsMax)),
});
export type TimeSlotsInput = v.InferOutput<typeof TimeSlotsInputSchema>;

export const PersonsInputSchema = v.object({
  min: v.optional(persons, AMENITY_DEFAULTS.persons.min),
  max: v.optional(persons, AMENITY_DEFAULTS.persons.max),
});

const entries = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(AMENITY_NAME_MAX)),
  address: v.optional(text(AMENITY_ADDRESS_MAX), null),
  description: v.optional(text(AMENITY_DESCRIPTION_MAX), null),
  /** Section 5: at least one group (its people, and those of the groups below, may book). */
  domains: idList(1),
  /** Section 5: at least one access rule (its doors open to a reservation's QR). */
  access_rules: idList(1, 50),
  number_of_persons: v.optional(PersonsInputSchema, { ...AMENITY_DEFAULTS.persons }),
  time_slots: TimeSlotsInputSchema,
};

export const AmenityCreateSchema = v.object(entries);
export type AmenityCreate = v.InferOutput<typeof AmenityCreateSchema>;
export const AmenityPatchSchema = v.partial(v.object({ ...entries, number_of_persons: PersonsInputSchema }));
export type AmenityPatch = v.InferOutput<typeof AmenityPatchSchema>;

/** 6.2: amenities are viewed, edited and deleted at a scope: all, domain, descendants, own. */
const scopes = (action: 'view' | 'edit' | 'delete') =>
  (['all', 'domain', 'descendants', 'own'] as const).map((s) => `amenities.${action}_${s}` as Permission);
export const AMENITY_VIEW: readonly Permission[] = scopes('view');
export const AMENITY_EDIT: readonly Permission[] = scopes('edit');
export const AMENITY_DELETE: readonly Permission[] = scopes('delete');

export const amenitiesEntity = defineEntity({
  name: 'amenities',
  path: '/amenities',
  access: {
    view: AMENITY_VIEW,
    // 6.2 has no "create": whoever edits amenities at some scope adds them, to groups of that scope.
    create: AMENITY_EDIT,
    edit: AMENITY_EDIT,
    delete: AMENITY_DELETE,
    licences: ['amenity'],
  },
  item: AmenitySchema,
  create: AmenityCreateSchema,
  patch: AmenityPatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    address: { kind: 'text', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    domains: { kind: 'relation', filterable: true },
    access_rules: { kind: 'relation', filterable: true },
  },
  search: ['name', 'address'],
  with: [],
  defaultSort: ['name'],
});

export const AmenityListSchema = listAnswer(AmenitySchema);

/** One bookable slot of a day: persons booked and places left (`number_of_persons.max` minus booked). */
export const AmenitySlotStateSchema = v.object({
  from: v.number(),
  to: v.number(),
  number_of_persons: v.number(),
  places_left: v.number(),
  /** The slot's instants in the amenity's zone (a slot skipped by a daylight-saving change is not listed). */
  starts_at: v.string(),
  ends_at: v.string(),
  /** The slot has ended: it cannot be booked any more. */
  ended: v.boolean(),
});
export type AmenitySlotState = v.InferOutput<typeof AmenitySlotStateSchema>;

/** State by date (7.7): each slot of the date with the persons booked and the places left. */
export const AmenityStateSchema = v.object({
  amenity_id: v.number(),
  date: v.string(),
  week_day: v.picklist(WEEK_DAYS),
  time_zone: v.string(),
  number_of_persons: PersonsSchema,
  slots: v.array(AmenitySlotStateSchema),
});
export type AmenityState = v.InferOutput<typeof AmenityStateSchema>;
