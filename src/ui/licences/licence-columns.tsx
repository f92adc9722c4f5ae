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
          <span className="block font-mono text-[13px] text-ink">{l.licence_id}</span>
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
      className: 'w-56',
      cell: (l) => periodText(l.restrict_period, locale) ?? t('licences:unlimited'),
    },
    {
      key: 'features',
      header: t('licences:fields.features'),
      cell: (l) => {
        const on = licenceFeatureKeys(l).filter((k) => k.on);
        return on.length === 0 ? (
          <span className="text-muted">{t('licences:none')}</span>
        ) : (
          <span className="text-[13px]">{on.map((k) => t(`licences:features.${k.key}`)).join(', ')}</span>
        );
      },
    },
    {
      key: 'counts',
      header: t('licences:fields.counts'),
      className: 'w-44',
      cell: (l) => (
        <span className="block text-[13px] leading-5">
          {(['sip', 'mobile_app', 'ukey2'] as const)
            .filter((f) => l[f].is_enabled)
            .map((f) => (
              <span key={f} className="block">
                {t(`licences:counted.${f}`)}: {countText(l[f].license_count, locale)}
              </span>
            ))}
        </span>
      ),
    },
    {
      key: 'installed_at',
      header: t('licences:fields.installed_at'),
      sortField: 'installed_at',
      className: 'w-52',
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
