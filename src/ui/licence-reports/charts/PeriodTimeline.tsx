import { useTranslation } from 'react-i18next';
import { UNLIMITED_LICENCE_PERIOD } from '../../../contract/constants';
import type { LicenceState, LicencesPeriodReport } from '../../../contract/entities/licence';
import { periodText } from '../../licences/licence-format';
import { colour } from './UsageBar';

const W = 760;
const ROW = 24;
const LEFT = 190;
const TOP = 22;

const TONE: Record<LicenceState, string> = {
  active: colour('success-600'),
  ending: colour('warning-600'),
  expired: colour('danger-600'),
  disabled: colour('line'),
  pending: colour('info-600'),
};

interface Bar {
  key: string;
  name: string;
  /** Unix seconds; `to` null: no end. */
  from: number;
  to: number | null;
  /** Where the features still run after the end (grace), ms. */
  graceTo: number | null;
  fill: string;
  words: string;
}

/**
 * The licences' and the groups' periods on one time line (a Gantt chart in plain SVG) over the
 * report's months: each licence coloured by its state, its grace days lighter after its end,
 * the groups' own periods below, and today as a line.
 */
export function PeriodTimeline({ report, now }: { report: LicencesPeriodReport; now: Date }) {
  const { t, i18n } = useTranslation('licences');
  const start = Date.parse(`${report.from}T00:00:00Z`);
  const end = Date.parse(`${report.to}T00:00:00Z`) + 31 * 86_400_000;
  const span = Math.max(1, end - start);
  const x = (ms: number) => LEFT + ((Math.min(Math.max(ms, start), end) - start) / span) * (W - LEFT - 8);
  const unlimited = (p: { is_active: boolean; from: number; to: number }) => !p.is_active;
  const bars: Bar[] = [
    ...report.licences.map((l) => ({
      key: `l-${l.id}`,
      name: l.customer ? `${l.licence_id} · ${l.customer}` : l.licence_id,
      from: unlimited(l.restrict_period) ? 0 : l.restrict_period.from,
      to:
        unlimited(l.restrict_period) || l.restrict_period.to >= UNLIMITED_LICENCE_PERIOD.to
          ? null
          : l.restrict_period.to,
      graceTo: l.features_until ? Date.parse(l.features_until) : null,
      fill: TONE[l.state],
      words: `${t(`states.${l.state}`)}, ${periodText(l.restrict_period, i18n.language) ?? t('unlimited')}`,
    })),
    ...report.groups.map((g) => ({
      key: `g-${g.id}`,
      name: g.name,
      from: g.restrict_period.from,
      to: g.restrict_period.to >= UNLIMITED_LICENCE_PERIOD.to ? null : g.restrict_period.to,
      graceTo: null,
      fill: colour('brand-600'),
      words: periodText(g.restrict_period, i18n.language) ?? t('unlimited'),
    })),
  ];
  const height = TOP + bars.length * ROW + 14;
  const months: number[] = [];
  for (
    let d = new Date(start);
    d.getTime() <= end;
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
  ) {
    months.push(d.getTime());
  }
  const every = Math.ceil(months.length / 10);
  const fmt = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(ms));
  const today = now.getTime();
  const label = t('report.timeline');
  if (bars.length === 0) return <p className="text-sm text-muted">{t('report.noPeriods')}</p>;
  return (
    <svg
      role="img"
      aria-label={`${label}. ${bars.map((b) => `${b.name}: ${b.words}`).join('; ')}`}
      viewBox={`0 0 ${W} ${height}`}
      className="h-auto w-full"
    >
      {months.map((m, i) =>
        i % every === 0 ? (
          <g key={m}>
            <line x1={x(m)} x2={x(m)} y1={TOP - 4} y2={height - 4} stroke={colour('line')} strokeWidth="0.5" />
            <text x={x(m) + 2} y={12} fill={colour('muted')} fontSize="10">
              {fmt(m)}
            </text>
          </g>
        ) : null,
      )}
      {bars.map((b, i) => {
        const y = TOP + i * ROW;
        const from = x(b.from * 1000);
        const to = b.to === null ? x(end) : x(b.to * 1000);
        const grace = b.graceTo !== null && b.to !== null ? x(b.graceTo) : to;
        return (
          <g key={b.key}>
            <text x={4} y={y + 15} fill={colour('ink')} fontSize="11">
              {b.name.length > 30 ? `${b.name.slice(0, 29)}…` : b.name}
            </text>
            {grace > to ? (
              <rect x={to} y={y + 6} width={grace - to} height={12} rx="2" fill={b.fill} fillOpacity={0.35} />
            ) : null}
            <rect x={from} y={y + 6} width={Math.max(2, to - from)} height={12} rx="2" className={b.fill}>
              <title>{`${b.name}: ${b.words}`}</title>
            </rect>
          </g>
        );
      })}
      {today >= start && today <= end ? (
        <g>
          <line
            x1={x(today)}
            x2={x(today)}
            y1={TOP - 6}
            y2={height - 2}
            stroke={colour('danger-600')}
            strokeWidth="1"
            strokeDasharray="3 2"
          />
          <text x={x(today) + 3} y={height - 2} fill={colour('danger-600')} fontSize="10">
            {t('report.today')}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
