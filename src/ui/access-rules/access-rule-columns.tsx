import type { TFunction } from 'i18next';
import type { AccessRule } from '../../contract/entities/access-rule';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';

type Row = AccessRule & { [k: string]: unknown };

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');

/** The access rules table: name, grants or prohibits, doors (device and lock), users and groups, shareable. */
export function accessRuleColumns(t: TFunction): ColumnDef[] {
  return asColumns<Row>([
    { key: 'name', header: t('accessRules:fields.name'), sortField: 'name', cell: (x) => x.name },
    {
      key: 'prohibition',
      header: t('accessRules:fields.prohibition'),
      sortField: 'prohibition',
      cell: (x) =>
        x.prohibition ? (
          <Badge tone="danger">{t('accessRules:kind.prohibition')}</Badge>
        ) : (
          <Badge tone="success">{t('accessRules:kind.grant')}</Badge>
        ),
    },
    {
      key: 'devices',
      header: t('accessRules:fields.devices'),
      cell: (x) => x.devices.map((d) => `${d.name} #${d.lock_number}`).join(', '),
    },
    { key: 'users', header: t('accessRules:fields.users'), cell: (x) => names(x.users) },
    { key: 'domains', header: t('accessRules:fields.domains'), cell: (x) => names(x.domains) },
    {
      key: 'is_shareable',
      header: t('accessRules:fields.is_shareable'),
      cell: (x) => (x.is_shareable ? '✓' : '—'),
    },
  ]);
}
