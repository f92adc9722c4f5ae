import type { TFunction } from 'i18next';
import type { Ukey2 } from '../../contract/entities/ukey2';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';
import { formatDateTime } from '../kit/format-date';

type Row = Ukey2 & { [k: string]: unknown };

/** active, inactive or revoked (revoked wins: it is final). */
export const ukey2Status = (x: Pick<Ukey2, 'revoked' | 'is_active'>) =>
  x.revoked ? 'revoked' : x.is_active ? 'active' : 'inactive';

/** A phone as people know it: its platform, and what the app says of it. */
export function phoneText(t: TFunction, client: Ukey2['mobile_client']): string {
  if (!client) return t('ukey2:noPhone');
  const platform = t(`ukey2:platforms.${client.platform}`, { defaultValue: client.platform });
  return client.info ? `${platform} · ${client.info}` : platform;
}

export function Ukey2StatusBadge({ t, item }: { t: TFunction; item: Pick<Ukey2, 'revoked' | 'is_active'> }) {
  const status = ukey2Status(item);
  return (
    <Badge tone={status === 'active' ? 'success' : status === 'revoked' ? 'danger' : 'neutral'}>
      {t(`ukey2:status.${status}`)}
    </Badge>
  );
}

/** The UKEY2 table: number (and hex), name, holder, phone, status, when and by whom issued. */
export function ukey2Columns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'value',
      header: t('ukey2:fields.value'),
      sortField: 'value',
      cell: (x) => (
        <span className="font-mono">
          {x.value}
          {x.value_hex ? <span className="text-muted"> · {x.value_hex}h</span> : null}
        </span>
      ),
    },
    { key: 'name', header: t('ukey2:fields.name'), sortField: 'name', cell: (x) => x.name ?? '' },
    { key: 'owner', header: t('ukey2:fields.owner'), cell: (x) => x.owner?.name ?? '' },
    { key: 'mobile_client', header: t('ukey2:fields.mobile_client'), cell: (x) => phoneText(t, x.mobile_client) },
    { key: 'status', header: t('ukey2:fields.status'), cell: (x) => <Ukey2StatusBadge t={t} item={x} /> },
    {
      key: 'created_at',
      header: t('ukey2:fields.created_at'),
      sortField: 'created_at',
      className: 'w-44',
      cell: (x) => formatDateTime(x.created_at, locale),
    },
    { key: 'created_by_user', header: t('ukey2:fields.created_by_user'), cell: (x) => x.created_by_user?.name ?? '' },
  ]);
}
