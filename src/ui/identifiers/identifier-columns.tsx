import type { TFunction } from 'i18next';
import type { Identifier } from '../../contract/entities/identifier';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';
import { formatDateTime } from '../kit/format-date';

type Row = Identifier & { [k: string]: unknown };

/** active, inactive or revoked (revoked wins: it is final). */
export const statusOf = (x: Identifier) => (x.revoked ? 'revoked' : x.is_active ? 'active' : 'inactive');

/** The identifiers table: name, type, value (with hex for chip numbers), owner, period, passes, status. */
export function identifierColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    { key: 'name', header: t('identifiers:fields.name'), sortField: 'name', cell: (x) => x.name ?? '' },
    {
      key: 'type',
      header: t('identifiers:fields.type'),
      sortField: 'type',
      cell: (x) => t(`identifiers:types.${x.type}`),
    },
    {
      key: 'value',
      header: t('identifiers:fields.value'),
      sortField: 'value',
      cell: (x) => (
        <span className="font-mono">
          {x.value}
          {x.value_hex ? <span className="text-muted"> · {x.value_hex}h</span> : null}
        </span>
      ),
    },
    {
      key: 'owner',
      header: t('identifiers:fields.owner'),
      cell: (x) => (x.owner_type === 'guest' ? t('identifiers:ownerTypes.guest') : (x.owner?.name ?? '')),
    },
    {
      key: 'period',
      header: t('identifiers:fields.period'),
      cell: (x) =>
        x.period_restrict.active
          ? `${formatDateTime(x.period_restrict.from, locale)} – ${formatDateTime(x.period_restrict.to, locale)}`
          : t('identifiers:anyPeriod'),
    },
    {
      key: 'passes',
      header: t('identifiers:fields.passes'),
      cell: (x) =>
        x.passes_restrict.active
          ? t('identifiers:passesOf', { used: x.passes_restrict.passes_count, max: x.passes_restrict.max_count ?? 0 })
          : t('identifiers:unlimited'),
    },
    {
      key: 'status',
      header: t('identifiers:fields.status'),
      cell: (x) => {
        const status = statusOf(x);
        return (
          <Badge tone={status === 'active' ? 'success' : status === 'revoked' ? 'danger' : 'neutral'}>
            {t(`identifiers:status.${status}`)}
          </Badge>
        );
      },
    },
  ]);
}
