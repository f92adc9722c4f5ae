import type { TFunction } from 'i18next';
import type { AuditEventRow } from '../../contract/entities/audit-event';
import { formatInstant } from '../call-history/call-format';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge, type BadgeTone } from '../kit/Badge';
import { actionText, entityText } from './audit-texts';

type Row = AuditEventRow & { [k: string]: unknown };

const tone = (action: string): BadgeTone =>
  action === 'create' ? 'success' : action.startsWith('delete') ? 'danger' : action === 'update' ? 'info' : 'neutral';

/** The audit table: time, who, from where, what kind of object, which one, the action, the fields it changed. */
export function auditColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'created_at',
      header: t('audit:fields.created_at'),
      sortField: 'created_at',
      className: 'w-40',
      cell: (e) => formatInstant(e.created_at, locale),
    },
    {
      key: 'user',
      header: t('audit:fields.user'),
      cell: (e) =>
        e.user ? (
          <span>
            {e.user.name}
            {e.user.login ? <span className="ml-1 text-xs text-muted">{e.user.login}</span> : null}
          </span>
        ) : (
          <span className="text-muted">{t('audit:system')}</span>
        ),
    },
    { key: 'entity', header: t('audit:fields.entity'), sortField: 'entity', cell: (e) => entityText(t, e.entity) },
    {
      key: 'object',
      header: t('audit:fields.object'),
      cell: (e) => (
        <span>
          {e.entity_key ?? ''}
          {e.entity_id !== null ? <span className="ml-1 text-xs text-muted">#{e.entity_id}</span> : null}
        </span>
      ),
    },
    {
      key: 'action',
      header: t('audit:fields.action'),
      sortField: 'action',
      cell: (e) => <Badge tone={tone(e.action)}>{actionText(t, e.action)}</Badge>,
    },
    {
      key: 'fields',
      header: t('audit:fields.changed'),
      cell: (e) =>
        e.fields.length === 0 ? (
          <span className="text-muted">{t('audit:noFields')}</span>
        ) : (
          <span className="text-xs" title={e.fields.join(', ')}>
            {e.fields.length > 3 ? `${e.fields.slice(0, 3).join(', ')} +${e.fields.length - 3}` : e.fields.join(', ')}
          </span>
        ),
    },
    {
      key: 'ip',
      header: t('audit:fields.ip'),
      className: 'w-32',
      cell: (e) => <span className="font-mono text-xs">{e.ip ?? ''}</span>,
    },
  ]);
}
