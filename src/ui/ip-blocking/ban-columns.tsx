import type { TFunction } from 'i18next';
import type { IpBan } from '../../contract/entities/ip-blocking';
import { asColumns, type ColumnDef } from '../entities/columns';
import { Badge, type BadgeTone } from '../kit/Badge';
import { formatDateTime, formatWhen } from '../kit/format-date';
import { timeLeft } from './time-left';

type Row = IpBan & { [k: string]: unknown };

const LEVEL_TONES: Record<number, BadgeTone> = { 1: 'neutral', 2: 'warning', 3: 'danger' };

/** An instant as the time alone when it is today, else date and time; the full date and time on hover. */
function When({ iso, locale }: { iso: string; locale: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso, locale)} className="whitespace-nowrap">
      {formatWhen(iso, locale)}
    </time>
  );
}

/** When a ban ends, and how long that is from now ("Until lifted" when it never does by itself). */
function Expiry({ ban, t, locale }: { ban: IpBan; t: TFunction; locale: string }) {
  if (!ban.expires_at) return <span className="text-muted">{t('ipBlocking:bans.untilLifted')}</span>;
  const left = timeLeft(ban.expires_at, locale);
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <When iso={ban.expires_at} locale={locale} />
      <span className="whitespace-nowrap text-xs text-muted">
        {left ? t('ipBlocking:bans.timeLeft', { left }) : t('ipBlocking:bans.expiring')}
      </span>
    </span>
  );
}

/** The banned list: address, service, cause, escalation level, when banned, when it ends. */
export function banColumns(t: TFunction, locale: string): ColumnDef[] {
  return asColumns<Row>([
    {
      key: 'ip',
      header: t('ipBlocking:bans.fields.ip'),
      sortField: 'ip',
      cell: (b) => <span className="font-mono text-[13px] text-ink">{b.ip}</span>,
    },
    {
      key: 'service',
      header: t('ipBlocking:bans.fields.service'),
      sortField: 'service',
      className: 'w-32',
      cell: (b) => (
        <span className="whitespace-nowrap">
          <Badge tone={b.service === 'sip' ? 'info' : 'brand'}>{t(`ipBlocking:services.${b.service}`)}</Badge>
        </span>
      ),
    },
    {
      key: 'cause',
      header: t('ipBlocking:bans.fields.cause'),
      sortField: 'cause',
      cell: (b) => t(`ipBlocking:causes.${b.cause}`),
    },
    {
      key: 'level',
      header: t('ipBlocking:bans.fields.level'),
      sortField: 'level',
      className: 'w-16',
      cell: (b) => (
        <span title={t('ipBlocking:bans.levelHint', { level: b.level })}>
          <Badge tone={LEVEL_TONES[b.level] ?? 'danger'}>{b.level}</Badge>
        </span>
      ),
    },
    {
      key: 'banned_at',
      header: t('ipBlocking:bans.fields.banned_at'),
      sortField: 'banned_at',
      className: 'w-40',
      cell: (b) => <When iso={b.banned_at} locale={locale} />,
    },
    {
      key: 'expires_at',
      header: t('ipBlocking:bans.fields.expires_at'),
      sortField: 'expires_at',
      className: 'w-48',
      cell: (b) => <Expiry ban={b} t={t} locale={locale} />,
    },
  ]);
}
