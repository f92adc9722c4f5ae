import { type Identifier, IdentifierCreateSchema, IdentifierPatchSchema } from '../../contract/entities/identifier';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/**
 * What the identifier page edits: §3's flat form fields (period_restrict_active/_from/_to,
 * passes_restrict_*), sent nested as the contract has them. The dates are typed as local
 * date-times (datetime-local) and sent as ISO instants.
 */
export interface IdentifierValues extends FormValues {
  name: string;
  description: string;
  type: string;
  value: string;
  value_format: string;
  owner: ListRow | null;
  is_active: boolean;
  period_restrict_active: boolean;
  period_restrict_from: string;
  period_restrict_to: string;
  passes_restrict_active: boolean;
  passes_restrict_max_count: string;
  is_profile_identifier: boolean;
}

/** `2026-03-01T10:00` (local) ↔ an ISO instant. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const toIso = (local: unknown) =>
  typeof local === 'string' && local.trim() !== '' && Number.isFinite(Date.parse(local))
    ? new Date(local).toISOString()
    : null;

const FLAT: Record<string, string> = {
  owner_id: 'owner',
  'period_restrict.from': 'period_restrict_from',
  'period_restrict.to': 'period_restrict_to',
  'period_restrict.active': 'period_restrict_active',
  'passes_restrict.max_count': 'passes_restrict_max_count',
  'passes_restrict.active': 'passes_restrict_active',
};

export const identifierForm: EntityFormDefinition<IdentifierValues, Identifier> = {
  empty: () => ({
    name: '',
    description: '',
    type: 'card',
    value: '',
    value_format: 'dec',
    owner: null,
    is_active: true,
    period_restrict_active: false,
    period_restrict_from: '',
    period_restrict_to: '',
    passes_restrict_active: false,
    passes_restrict_max_count: '',
    is_profile_identifier: false,
  }),
  fromItem: (item) => ({
    name: item.name ?? '',
    description: item.description ?? '',
    type: item.type,
    value: item.value,
    value_format: 'dec',
    owner: item.owner,
    is_active: item.is_active,
    period_restrict_active: item.period_restrict.active,
    period_restrict_from: toLocal(item.period_restrict.from),
    period_restrict_to: toLocal(item.period_restrict.to),
    passes_restrict_active: item.passes_restrict.active,
    passes_restrict_max_count: item.passes_restrict.max_count === null ? '' : String(item.passes_restrict.max_count),
    is_profile_identifier: item.is_profile_identifier,
  }),
  kinds: {
    name: 'text',
    description: 'text',
    type: 'raw',
    value: 'raw',
    value_format: 'raw',
    owner: 'raw',
    is_active: 'raw',
    period_restrict_active: 'raw',
    period_restrict_from: 'raw',
    period_restrict_to: 'raw',
    passes_restrict_active: 'raw',
    passes_restrict_max_count: 'integer',
    is_profile_identifier: 'raw',
  },
  finish: (body, _mode, values) => {
    const out: Record<string, unknown> = {};
    for (const key of ['name', 'description', 'type', 'value', 'value_format', 'is_active', 'is_profile_identifier']) {
      if (key in body) out[key] = body[key];
    }
    if ('owner' in body) out.owner_id = (values.owner as ListRow | null)?.id ?? null;
    if (Object.keys(body).some((k) => k.startsWith('period_restrict_'))) {
      out.period_restrict = {
        active: values.period_restrict_active,
        from: toIso(values.period_restrict_from),
        to: toIso(values.period_restrict_to),
      };
    }
    if (Object.keys(body).some((k) => k.startsWith('passes_restrict_'))) {
      const max = Number(values.passes_restrict_max_count);
      out.passes_restrict = {
        active: values.passes_restrict_active,
        max_count: values.passes_restrict_max_count.trim() === '' || !Number.isFinite(max) ? null : max,
      };
    }
    // A value is read in the format chosen with it.
    if ('value' in out && !('value_format' in out)) out.value_format = values.value_format;
    if ('value_format' in out && !('value' in out)) out.value = values.value;
    return out;
  },
  schemas: { create: IdentifierCreateSchema, patch: IdentifierPatchSchema },
  fieldOf: (path) => FLAT[path] ?? path,
};
