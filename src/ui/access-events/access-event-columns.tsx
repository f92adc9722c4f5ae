import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { AccessEvent } from '../../contract/entities/access-event';
import { formatInstant } from '../call-history/call-format';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge } from '../kit/Badge';
import { doorText, reasonText, whoText } from './access-event-text';

type Row = AccessEvent & { [k: string]: unknown };

/** The identifier as the caller may see it: its type, its number (masked when not theirs to see), its name. */
function IdentifierCell({ event, t }: { event: AccessEvent; t: TFunction }) {
  const { identifier } = event;
  const type = identifier.type ? t(`identifiers:types.${identifier.type}`) : null;
  const number = (
    <span className="font-mono" title={identifier.masked ? t('accessEvents:masked') : undefined}>
      {identifier.value}
      {identifier.value_hex ? <span className="text-muted"> · {identifier.value_hex}h</span> : null}
    </span>
  );
  return (
    <span className="flex flex-col">
      <span>
        {type ? <span className="mr-1.5 text-muted">{type}</span> : null}
        {identifier.id !== null ? (
          <Link to={`/identifiers/${identifier.id}/edit`} className="text-brand-700 hover:underline">
            {number}
          </Link>
        ) : (
          number
        )}
      </span>
      {identifier.name && event.holder_type !== 'guest' ? (
        <span className="text-xs text-muted">{identifier.name}</span>
      ) : null}
    </span>
  );
}

/** The ACS table: time, door, who, identifier, result, reason, when the server heard of it. */
export function accessEventColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'occurred_at',
      header: t('accessEvents:fields.occurred_at'),
      sortField: 'occurred_at',
      className: 'w-44 whitespace-nowrap',
      cell: (e) => formatInstant(e.occurred_at, locale),
    },
    { key: 'device', header: t('accessEvents:fields.device'), cell: (e) => doorText(t, e) },
    {
      key: 'who',
      header: t('accessEvents:fields.who'),
      cell: (e) =>
        e.user && e.holder_type === 'owner' ? (
          <Link to={`/users/${e.user.id}/edit`} className="text-brand-700 hover:underline">
            {e.user.name}
          </Link>
        ) : (
          <span className={e.holder_type === null ? 'text-muted' : undefined}>{whoText(t, e)}</span>
        ),
    },
    { key: 'identifier', header: t('accessEvents:fields.identifier'), cell: (e) => <IdentifierCell event={e} t={t} /> },
    {
      key: 'result',
      header: t('accessEvents:fields.result'),
      sortField: 'granted',
      className: 'w-28',
      cell: (e) => (
        <Badge tone={e.granted ? 'success' : 'danger'}>
          {t(`accessEvents:results.${e.granted ? 'granted' : 'denied'}`)}
        </Badge>
      ),
    },
    {
      key: 'reason',
      header: t('accessEvents:fields.reason'),
      sortField: 'reason',
      cell: (e) =>
        e.granted ? (
          <span className="text-muted" title={reasonText(t, e.reason)}>
            —
          </span>
        ) : (
          <Badge tone={e.reason === 'revoked' ? 'danger' : 'warning'}>{reasonText(t, e.reason)}</Badge>
        ),
    },
    {
      key: 'received_at',
      header: t('accessEvents:fields.received_at'),
      sortField: 'received_at',
      className: 'w-44 whitespace-nowrap',
      cell: (e) => <span className="text-xs text-muted">{formatInstant(e.received_at, locale)}</span>,
    },
  ]);
}
