import * as v from 'valibot';
import { PROFILE_TIME_ZONE_DEFAULT } from '../../contract/constants';
import { type User, UserCreateSchema, UserPasswordSchema, UserPatchSchema } from '../../contract/entities/user';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the user page edits: text as typed, related entities as rows (chips name them), flags. */
export interface UserValues extends FormValues {
  login: string;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  description: string;
  role: ListRow | null;
  domains: ListRow[];
  markers: ListRow[];
  elevator_access_disabled: boolean;
  /** New users only (2.5: on by default). */
  send_registration_link: boolean;
  /** New users only: optional; without it the user sets one from the registration link. */
  password: string;
  address: string;
  country_code: string;
  time_zone: string;
  identifier_format: 'dec' | 'hex';
  time_format: string;
  use_phone_in_forward: boolean;
}

const ids = (rows: unknown) => (rows as ListRow[]).map((row) => row.id);
const PROFILE_FIELDS = [
  'address',
  'country_code',
  'time_zone',
  'identifier_format',
  'time_format',
  'use_phone_in_forward',
];

/** The user add/edit form over the users contract (section 3, 7.3, 7.9). */
export const userForm: EntityFormDefinition<UserValues, User> = {
  empty: () => ({
    login: '',
    name: '',
    firstname: '',
    lastname: '',
    email: '',
    phone: '',
    description: '',
    role: null,
    domains: [],
    markers: [],
    elevator_access_disabled: false,
    send_registration_link: true,
    password: '',
    address: '',
    country_code: '',
    time_zone: String(PROFILE_TIME_ZONE_DEFAULT),
    identifier_format: 'dec',
    time_format: 'DD-MM-YYYY HH:NN:SS',
    use_phone_in_forward: false,
  }),
  fromItem: (user) => ({
    login: user.login,
    name: user.name,
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    description: user.description ?? '',
    role: user.role,
    domains: user.domains,
    markers: user.markers,
    elevator_access_disabled: user.elevator_access_disabled,
    send_registration_link: user.send_registration_link,
    password: '',
    address: user.profile.address ?? '',
    country_code: user.profile.country_code ?? '',
    time_zone: String(user.profile.time_zone),
    identifier_format: user.profile.identifier_format,
    time_format: user.profile.time_format,
    use_phone_in_forward: user.profile.use_phone_in_forward,
  }),
  kinds: {
    login: 'requiredText',
    name: 'requiredText',
    firstname: 'text',
    lastname: 'text',
    email: 'text',
    phone: 'text',
    description: 'text',
    role: 'raw',
    domains: 'raw',
    markers: 'raw',
    elevator_access_disabled: 'raw',
    send_registration_link: 'raw',
    password: 'text',
    address: 'text',
    country_code: 'text',
    time_zone: 'decimal',
    identifier_format: 'raw',
    time_format: 'raw',
    use_phone_in_forward: 'raw',
  },
  finish: (body, mode) => {
    const { role, domains, markers, send_registration_link, password, ...rest } = body;
    const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, rest[field]]));
    // Country codes are ISO upper case; "lv" typed is meant as "LV".
    if (typeof profile.country_code === 'string') profile.country_code = profile.country_code.toUpperCase();
    const top = Object.fromEntries(Object.entries(rest).filter(([field]) => !PROFILE_FIELDS.includes(field)));
    return {
      ...top,
      role_id: (role as ListRow | null)?.id,
      domains: ids(domains),
      markers: ids(markers),
      profile: { ...profile, phone: rest.phone },
      ...(mode === 'create' ? { send_registration_link, password } : {}),
    };
  },
  schemas: { create: UserCreateSchema, patch: UserPatchSchema },
  // A user has exactly one role: without one the schema would only say "must be a number".
  check: (values): Record<string, FieldError> => (values.role ? {} : { role: { code: 'required' } }),
  // Errors come back by payload path: role_id → the role picker, profile.* → their inputs, domains.0 → groups.
  fieldOf: (path) => {
    const [first, second] = path.split('.');
    if (first === 'role_id') return 'role';
    if (first === 'profile' && second) return second === 'phone' ? 'phone' : second;
    return first ?? path;
  },
};

/** The administrator's password change (7.3: new_password), with a confirmation typed twice. */
export interface PasswordValues extends FormValues {
  new_password: string;
  confirm: string;
}

export const userPasswordForm: EntityFormDefinition<PasswordValues> = {
  empty: () => ({ new_password: '', confirm: '' }),
  fromItem: () => ({ new_password: '', confirm: '' }),
  kinds: { new_password: 'raw' },
  schemas: { create: UserPasswordSchema, patch: UserPasswordSchema },
  check: (values): Record<string, FieldError> =>
    values.confirm !== values.new_password ? { confirm: { code: 'mismatch' } } : {},
  successCode: { patch: 'users:password.changed' },
};

/** The cropped square of an avatar, in the image's own pixels (POST avatar: image, x, y, size). */
export interface AvatarValues extends FormValues {
  image: Blob | null;
  x: number;
  y: number;
  size: number;
}

const pixel = v.pipe(v.number(), v.integer(), v.minValue(0));
const AvatarUploadSchema = v.object({
  image: v.blob('required'),
  x: pixel,
  y: pixel,
  size: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

export const avatarForm: EntityFormDefinition<AvatarValues> = {
  empty: () => ({ image: null, x: 0, y: 0, size: 0 }),
  fromItem: () => ({ image: null, x: 0, y: 0, size: 0 }),
  kinds: { image: 'raw', x: 'raw', y: 'raw', size: 'raw' },
  schemas: { create: AvatarUploadSchema, patch: AvatarUploadSchema },
  successCode: { patch: 'users:avatar.saved' },
};

/** A one-call command with no inputs (remove the avatar, send the registration link). */
export const commandForm = (successCode: string): EntityFormDefinition => ({
  empty: () => ({}),
  fromItem: () => ({}),
  kinds: {},
  schemas: { create: v.object({}), patch: v.object({}) },
  successCode: { create: successCode, patch: successCode },
});
