import { blankToNull } from '../../../src/contract/validation';
import type { UserUpdate } from '../../db/schema';

/** The fields a person has on a users form and on their own profile alike (section 3). */
export interface PersonFields {
  name?: string;
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
  phone?: string | null;
  description?: string | null;
  profile?: {
    phone?: string | null;
    address?: string | null;
    use_phone_in_forward?: boolean;
    country_code?: string | null;
    time_zone?: number;
    identifier_format?: string;
    time_format?: string;
  };
}

/** The columns of what was sent (absent fields untouched); blank optional text becomes null (7.9). */
export function personColumns(fields: PersonFields): UserUpdate {
  const set: UserUpdate = {};
  const text = (value: string | null | undefined) => (value === undefined ? undefined : blankToNull(value));
  if (fields.name !== undefined) set.name = fields.name;
  if (fields.firstname !== undefined) set.firstname = text(fields.firstname);
  if (fields.lastname !== undefined) set.lastname = text(fields.lastname);
  if (fields.email !== undefined) set.email = text(fields.email);
  if (fields.phone !== undefined) set.phone = text(fields.phone);
  if (fields.description !== undefined) set.description = text(fields.description);
  const p = fields.profile;
  if (p) {
    if (p.phone !== undefined) set.profile_phone = text(p.phone);
    if (p.address !== undefined) set.profile_address = text(p.address);
    if (p.use_phone_in_forward !== undefined) set.use_phone_in_forward = p.use_phone_in_forward ? 1 : 0;
    if (p.country_code !== undefined) set.country_code = p.country_code;
    if (p.time_zone !== undefined) set.time_zone = p.time_zone;
    if (p.identifier_format !== undefined) set.identifier_format = p.identifier_format;
    if (p.time_format !== undefined) set.time_format = p.time_format;
  }
  return set;
}
