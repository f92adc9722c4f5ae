import type { TFunction } from 'i18next';
import { BACKUP_ENTITIES, type Backup } from '../../contract/entities/backup';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';
import { formatDateTime } from '../kit/format-date';

type Row = Backup & { [k: string]: unknown };

/** Bytes as a reader counts them (KB, MB, GB). */
export function sizeText(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** What a backup holds, in words ("Everything" when it holds every entity). */
export const entitiesText = (t: TFunction, entities: readonly string[]) =>
  BACKUP_ENTITIES.every((e) => entities.includes(e))
    ? t('backups:allEntities')
    : entities.map((e) => t(`backups:entities.${e}`)).join(', ');

/** The stored backups: name (and where it came from), contents, size, when and by whom, schema. */
export function backupColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'name',
      header: t('backups:fields.name'),
      sortField: 'name',
      className: 'min-w-48',
      cell: (b) => (
        <span>
          <span className="block font-medium text-ink">{b.name}</span>
          {b.origin !== 'made' ? (
            <span className="mt-0.5 flex flex-wrap items-center gap-1 text-xs text-muted">
              <Badge tone={b.origin === 'safety' ? 'warning' : 'info'}>{t(`backups:origins.${b.origin}`)}</Badge>
              {b.restoring ? t('backups:safetyOf', { name: b.restoring.name }) : null}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'entities',
      header: t('backups:fields.entities'),
      className: 'max-w-xs',
      // Two lines at most; the whole list on hover.
      cell: (b) => (
        <span className="line-clamp-2" title={entitiesText(t, b.entities)}>
          {entitiesText(t, b.entities)}
        </span>
      ),
    },
    {
      key: 'size',
      header: t('backups:fields.size'),
      sortField: 'size',
      className: 'w-24 whitespace-nowrap tabular-nums',
      cell: (b) => sizeText(b.size, locale),
    },
    {
      key: 'made_at',
      header: t('backups:fields.madeAt'),
      sortField: 'made_at',
      className: 'w-44 whitespace-nowrap',
      cell: (b) => formatDateTime(b.made_at, locale),
    },
    { key: 'made_by', header: t('backups:fields.madeBy'), className: 'w-40', cell: (b) => b.made_by?.name ?? '—' },
    {
      key: 'schema_version',
      header: t('backups:fields.schema'),
      sortField: 'schema_version',
      className: 'w-36 font-mono text-[12px]',
      cell: (b) => b.schema_version,
    },
  ]);
}
