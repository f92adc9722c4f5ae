import type { TFunction } from 'i18next';
import type { CallHistoryItem, CallOutcome } from '../../contract/entities/call-history';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge, type BadgeTone } from '../kit/Badge';
import { formatDuration, formatInstant } from './call-format';

type Row = CallHistoryItem & { [k: string]: unknown };

const OUTCOME_TONES: Record<CallOutcome, BadgeTone> = {
  answered: 'success',
  cancel: 'neutral',
  busy: 'warning',
  noanswer: 'warning',
  failed: 'danger',
};

/** One end of a call: the number, and who held it under it. */
function Party({ party }: { party: CallHistoryItem['from'] }) {
  return (
    <span className="min-w-0">
      <span className="block font-mono text-[13px]">{party.number}</span>
      {party.name ? <span className="block text-xs text-muted">{party.name}</span> : null}
    </span>
  );
}

/** The call history table: start, both ends, who answered, outcome, type, duration. */
export function callColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'started_at',
      header: t('calls:fields.started_at'),
      sortField: 'started_at',
      className: 'w-44',
      cell: (c) => (
        <span className="inline-flex items-center gap-1.5">
          {formatInstant(c.started_at, locale)}
          {c.is_sos ? <Badge tone="danger">{t('calls:sos')}</Badge> : null}
        </span>
      ),
    },
    { key: 'from', header: t('calls:fields.from'), sortField: 'from_number', cell: (c) => <Party party={c.from} /> },
    { key: 'to', header: t('calls:fields.to'), sortField: 'to_number', cell: (c) => <Party party={c.to} /> },
    {
      key: 'answered_by',
      header: t('calls:fields.answered_by'),
      sortField: 'answered_by',
      className: 'w-32',
      cell: (c) => <span className="font-mono text-[13px]">{c.answered_by ?? ''}</span>,
    },
    {
      key: 'status',
      header: t('calls:fields.status'),
      sortField: 'status',
      className: 'w-32',
      cell: (c) => <Badge tone={OUTCOME_TONES[c.status]}>{t(`calls:outcomes.${c.status}`)}</Badge>,
    },
    {
      key: 'type',
      header: t('calls:fields.type'),
      sortField: 'type',
      className: 'w-44',
      cell: (c) => t(`calls:types.${c.type}`),
    },
    {
      key: 'duration',
      header: t('calls:fields.duration'),
      sortField: 'duration',
      className: 'w-28 text-right',
      cell: (c) => <span className="tabular-nums">{formatDuration(c.duration)}</span>,
    },
  ]);
}
