import * as v from 'valibot';
import type { Language } from '../../contract/constants';
import { type Profile, type ProfilePatch, ProfilePatchSchema } from '../../contract/entities/profile';
import type { FieldError } from '../../contract/errors';
import { blankToNull, issuesToFieldErrors, parseDecimal } from '../../contract/validation';

/** What the profile page edits: strings as typed, one per input. */
export interface ProfileFormValues {
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  description: string;
  address: string;
  country_code: string;
  time_zone: string;
  identifier_format: 'dec' | 'hex';
  time_format: string;
  use_phone_in_forward: boolean;
  locale: Language;
}

export function valuesFromProfile(p: Profile): ProfileFormValues {
  return {
    name: p.name,
    firstname: p.firstname ?? '',
    lastname: p.lastname ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    description: p.description ?? '',
    address: p.profile.address ?? '',
    country_code: p.profile.country_code ?? '',
    time_zone: String(p.profile.time_zone),
    identifier_format: p.profile.identifier_format,
    time_format: p.profile.time_format,
    use_phone_in_forward: p.profile.use_phone_in_forward,
    locale: p.locale,
  };
}

/** Builds the PATCH body by the rules of 7.9 (blank → null, comma decimals). */
export function patchFromValues(values: ProfileFormValues): ProfilePatch {
  return {
    name: values.name.trim(),
    firstname: blankToNull(values.firstname),
    lastname: blankToNull(values.lastname),
    email: blankToNull(values.email),
    phone: blankToNull(values.phone),
    description: blankToNull(values.description),
    locale: values.locale,
    profile: {
      phone: blankToNull(values.phone),
      address: blankToNull(values.address),
      country_code: blankToNull(values.country_code),
      time_zone: parseDecimal(values.time_zone),
      identifier_format: values.identifier_format,
      time_format: values.time_format,
      use_phone_in_forward: values.use_phone_in_forward,
    },
  };
}

/** Field errors keyed by form field (nested profile.* paths map onto their inputs). */
export function validateProfileValues(values: ProfileFormValues): Record<string, FieldError> {
  const result = v.safeParse(ProfilePatchSchema, patchFromValues(values));
  if (result.success) return {};
  return flattenProfilePaths(issuesToFieldErrors(result.issues));
}

/** `profile.address` → `address`; the form has one input per field. */
export function flattenProfilePaths(errors: Record<string, FieldError>): Record<string, FieldError> {
  return Object.fromEntries(Object.entries(errors).map(([k, e]) => [k.replace(/^profile\./, ''), e]));
}
