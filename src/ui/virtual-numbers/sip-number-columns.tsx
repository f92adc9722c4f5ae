import type { TFunction } from 'i18next';
import type { SipNumber } from '../../contract/entities/sip-number';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';

type Row = SipNumber & { [k: string]: unknown };

/** Who holds the number, with the kind of holder under it. */
function Holder({ n, t }: { n: SipNumber; t: TFunction }) {
  const kind = n.user ? 'user' : n.device ? 'device' : n.domain ? 'domain' : null;
  if (!kind) return <span className="text-muted">{t('numbers:holders.none')}</span>;
  return (
    <span className="min-w-0">
      <span className="block">{n.owner_info}</span>
      <span className="block text-xs text-muted">
        {kind === 'user' ? (n.user?.email ?? t('numbers:fields.user')) : t(`numbers:fields.${kind}`)}
      </span>
    </span>
  );
}

/** The virtual numbers table: number and name, holder, state badges, forwarding. */
export function sipNumberColumns(t: TFunction): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'number',
      header: t('numbers:fields.number'),
      sortField: 'number',
      className: 'w-44',
      cell: (n) => (
        <span className="min-w-0">
          <span className="block font-mono">{n.number}</span>
          {n.name ? <span className="block text-xs font-normal text-muted">{n.name}</span> : null}
        </span>
      ),
    },
    { key: 'holder', header: t('numbers:fields.holder'), sortField: 'user_name', cell: (n) => <Holder n={n} t={t} /> },
    {
      key: 'is_active',
      header: t('numbers:fields.is_active'),
      sortField: 'is_active',
      className: 'w-52',
      cell: (n) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={n.is_active ? 'success' : 'danger'}>
            {n.is_active ? t('numbers:badges.active') : t('numbers:badges.inactive')}
          </Badge>
          {n.purpose ? <Badge tone="brand">{t(`numbers:badges.${n.purpose}`)}</Badge> : null}
          {n.is_reserved ? <Badge>{t('numbers:badges.reserved')}</Badge> : null}
        </span>
      ),
    },
    {
      key: 'forward_mode',
      header: t('numbers:fields.forward_mode'),
      sortField: 'forward_mode',
      cell: (n) =>
        n.forward_mode === 'disabled' ? (
          <span className="text-muted">{t('numbers:forwardModes.disabled')}</span>
        ) : (
          <span className="min-w-0">
            <span className="block">{t(`numbers:forwardModes.${n.forward_mode}`)}</span>
            <span className="block text-xs text-muted">
              {n.forward_mode === 'picked' ? n.forward_group?.name : n.forward_rules.map((r) => r.name).join(', ')}
            </span>
          </span>
        ),
    },
  ]);
}
