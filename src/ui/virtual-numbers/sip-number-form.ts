import {
  type ForwardMode,
  type SipNumber,
  SipNumberCreateSchema,
  SipNumberPatchSchema,
  type SipNumberPurpose,
} from '../../contract/entities/sip-number';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ValueKind } from '../../machines/entity-form/entity-form.normalise';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** Who holds a number, as the form chooses it (one at most). */
export type HolderKind = 'none' | 'user' | 'device' | 'domain';

/** What the virtual number page edits. */
export interface SipNumberValues extends FormValues {
  number: string;
  password: string;
  name: string;
  holder: HolderKind;
  user: ListRow | null;
  /** Shown, not chosen here: devices get numbers from their own page. */
  device: ListRow | null;
  domain: ListRow | null;
  is_active: boolean;
  is_reserved: boolean;
  /** '' is an ordinary number. */
  purpose: SipNumberPurpose | '';
  forward_mode: ForwardMode;
  forward_rules: ListRow[];
  forward_group: ListRow | null;
}

/** What the caller may change beyond ordinary fields (6.2). */
export interface SipNumberRights {
  /** sip_numbers.activate: is_active. */
  activate: boolean;
  /** sip_numbers.mark_system: is_reserved and purpose. */
  markSystem: boolean;
}

const ids = (rows: ListRow[]) => rows.map((row) => row.id);
const holderOf = (n: SipNumber): HolderKind => (n.user ? 'user' : n.device ? 'device' : n.domain ? 'domain' : 'none');

/**
 * The virtual number form (section 3, 5, 7.6, 7.9). Fields the caller may not
 * change are not sent at all, so the server keeps them. The password is sent
 * on create, and on update only when it changed (7.6: omitted if unchanged).
 */
export function sipNumberForm(rights: SipNumberRights): EntityFormDefinition<SipNumberValues, SipNumber> {
  const kinds: Partial<Record<keyof SipNumberValues & string, ValueKind>> = {
    number: 'requiredText',
    password: 'password',
    name: 'text',
    holder: 'raw',
    user: 'raw',
    device: 'raw',
    domain: 'raw',
    forward_mode: 'raw',
    forward_rules: 'raw',
    forward_group: 'raw',
  };
  if (rights.activate) kinds.is_active = 'raw';
  if (rights.markSystem) Object.assign(kinds, { is_reserved: 'raw', purpose: 'raw' });
  return {
    empty: () => ({
      number: '',
      password: '',
      name: '',
      holder: 'user',
      user: null,
      device: null,
      domain: null,
      is_active: rights.activate,
      is_reserved: false,
      purpose: '',
      forward_mode: 'disabled',
      forward_rules: [],
      forward_group: null,
    }),
    fromItem: (n) => ({
      number: n.number,
      password: n.password ?? '',
      name: n.name ?? '',
      holder: holderOf(n),
      user: n.user,
      device: n.device,
      domain: n.domain,
      is_active: n.is_active,
      is_reserved: n.is_reserved,
      purpose: n.purpose ?? '',
      forward_mode: n.forward_mode,
      forward_rules: n.forward_rules,
      forward_group: n.forward_group,
    }),
    kinds,
    finish: (body, mode, values) => {
      const { holder, user, device, domain, purpose, forward_rules, forward_group, password, ...rest } = body;
      const row = (value: unknown) => (value as ListRow | null)?.id ?? null;
      const out: Record<string, unknown> = {
        ...rest,
        user_id: holder === 'user' ? row(user) : null,
        device_id: holder === 'device' ? row(device) : null,
        domain_id: holder === 'domain' ? row(domain) : null,
        forward_rules: values.forward_mode === 'manual' ? ids(forward_rules as ListRow[]) : [],
        forward_group_id: values.forward_mode === 'picked' ? row(forward_group) : null,
      };
      if (rights.markSystem) out.purpose = purpose || null;
      if (mode === 'create') out.password = values.password;
      else if (password !== null) out.password = password;
      return out;
    },
    schemas: { create: SipNumberCreateSchema, patch: SipNumberPatchSchema },
    check: (values): Record<string, FieldError> => {
      const errors: Record<string, FieldError> = {};
      if (values.holder !== 'none' && values.holder !== 'device' && !values[values.holder]) {
        errors[values.holder] = { code: 'required' };
      }
      if (values.purpose === 'master_sip_number' && values.holder !== 'domain') errors.holder = { code: 'invalid' };
      if (values.forward_mode === 'manual' && values.forward_rules.length === 0) {
        errors.forward_rules = { code: 'required' };
      }
      if (values.forward_mode === 'picked' && !values.forward_group) errors.forward_group = { code: 'required' };
      return errors;
    },
    // The payload names ids; the inputs hold rows.
    fieldOf: (path) => {
      const [first] = path.split('.');
      const map: Record<string, string> = {
        user_id: 'user',
        device_id: 'device',
        domain_id: 'domain',
        forward_group_id: 'forward_group',
      };
      return map[first ?? path] ?? first ?? path;
    },
  };
}
