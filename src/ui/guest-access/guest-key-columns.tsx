import type { TFunction } from 'i18next';
import type { GuestKey, GuestKeyStatus } from '../../contract/entities/guest-key';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge, type BadgeTone } from '../kit/Badge';
import { formatDateTime } from '../kit/format-date';

type Row = GuestKey & { [k: string]: unknown };

const TONES: Record<GuestKeyStatus, BadgeTone> = {
  valid: 'success',
  not_yet_valid: 'info',
  expired: 'neutral',
  pass_limit: 'warning',
  revoked: 'danger',
  inactive: 'neutral',
};

/** A key's validity as one line: its period, or "always". */
export const validityOf = (t: TFunction, key: GuestKey, locale: string) =>
  key.period_restrict.active
    ? t('guestAccess:period', {
        from: formatDateTime(key.period_restrict.from, locale),
        to: formatDateTime(key.period_restrict.to, locale),
      })
    : t('guestAccess:always');

/** The keys table: guest, validity, passes (live), state, the rules, when and by whom. */
export function guestKeyColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    { key: 'name', header: t('guestAccess:fields.name'), sortField: 'name', cell: (x) => x.name ?? x.value },
    { key: 'validity', header: t('guestAccess:fields.validity'), cell: (x) => validityOf(t, x, locale) },
    {
      key: 'passes',
      header: t('guestAccess:fields.passes'),
      cell: (x) =>
        x.passes_restrict.active
          ? t('guestAccess:passesOf', { used: x.passes_restrict.passes_count, max: x.passes_restrict.max_count ?? 0 })
          : t('guestAccess:unlimited'),
    },
    {
      key: 'status',
      header: t('guestAccess:fields.status'),
      cell: (x) => <Badge tone={TONES[x.status]}>{t(`guestAccess:status.${x.status}`)}</Badge>,
    },
    { key: 'rules', header: t('guestAccess:fields.rules'), cell: (x) => x.access_rules.map((r) => r.name).join(', ') },
    {
      key: 'created_at',
      header: t('guestAccess:fields.createdAt'),
      sortField: 'created_at',
      cell: (x) => (
        <span>
          {formatDateTime(x.created_at, locale)}
          {x.created_by_user ? <span className="block text-xs text-muted">{x.created_by_user.name}</span> : null}
        </span>
      ),
    },
  ]);
}
