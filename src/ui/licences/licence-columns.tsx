import type { TFunction } from 'i18next';
import type { Licence } from '../../contract/entities/licence';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';
import { formatDateTime } from '../kit/format-date';
import { licenceFeatureKeys } from './LicenceFeatures';
import { countText, periodText, STATE_TONES } from './licence-format';

type Row = Licence & { [k: string]: unknown };

/** The installed licences: which, its type and state, its period, what it gives, when it was added. */
export function licenceColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'licence_id',
      header: t('licences:fields.licence'),
      sortField: 'licence_id',
      cell: (l) => (
        <span>
          <span className="block whitespace-nowrap font-mono text-[13px] text-ink">{l.licence_id}</span>
          {l.customer ? <span className="block text-xs text-muted">{l.customer}</span> : null}
        </span>
      ),
    },
    {
      key: 'type',
      header: t('licences:fields.type'),
      sortField: 'type',
      className: 'w-28',
      cell: (l) => t(`licences:types.${l.type}`),
    },
    {
      key: 'state',
      header: t('licences:fields.state'),
      className: 'w-28',
      cell: (l) => <Badge tone={STATE_TONES[l.state]}>{t(`licences:states.${l.state}`)}</Badge>,
    },
    {
      key: 'period',
      header: t('licences:fields.period'),
      className: 'w-52',
      cell: (l) => {
        const text = periodText(l.restrict_period, locale);
        if (!text) return t('licences:unlimited');
        const [from, to] = text.split(' – ');
        return (
          <span className="text-[13px]">
            <span className="block whitespace-nowrap">{from} –</span>
            <span className="block whitespace-nowrap">{to}</span>
          </span>
        );
      },
    },
    {
      key: 'gives',
      header: t('licences:fields.gives'),
      className: 'min-w-64',
      cell: (l) => {
        const keys = licenceFeatureKeys(l);
        const on = keys.filter((k) => k.on);
        const features =
          on.length === keys.length
            ? t('licences:allFeatures')
            : on.length === 0
              ? t('licences:none')
              : on.map((k) => t(`licences:features.${k.key}`)).join(', ');
        const counts = (['sip', 'mobile_app', 'ukey2'] as const)
          .filter((f) => l[f].is_enabled)
          .map((f) => `${t(`licences:counted.${f}`)} ${countText(l[f].license_count, locale)}`)
          .join(' · ');
        return (
          <span className="block text-[13px]">
            <span className="block">{features}</span>
            {counts ? <span className="block text-xs text-muted">{counts}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'installed_at',
      header: t('licences:fields.installed_at'),
      sortField: 'installed_at',
      className: 'w-48',
      cell: (l) => (
        <span>
          <span className="block">{formatDateTime(l.installed_at, locale)}</span>
          <span className="block text-xs text-muted">
            {t(`licences:sources.${l.source}`)}
            {l.installed_by ? ` · ${l.installed_by.name}` : ''}
          </span>
        </span>
      ),
    },
  ]);
}
