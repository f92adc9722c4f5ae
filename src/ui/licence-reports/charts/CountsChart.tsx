import { useTranslation } from 'react-i18next';
import type { LicencesPeriodReport } from '../../../contract/entities/licence';
import { colour } from './UsageBar';

type Feature = 'sip' | 'mobile_app' | 'ukey2';
const W = 340;
const H = 130;
const PAD = { left: 40, right: 6, top: 10, bottom: 20 };

/** Props of {@link CountsChart}. */
export interface CountsChartProps {
  series: LicencesPeriodReport['series'];
  feature: Feature;
  /** The month of today (YYYY-MM), marked. */
  today: string;
}

/**
 * One counted feature's licensed count month by month, as bars (plain SVG): what the installed
 * licences give at the start of each month, so a gap or a drop ahead shows at a glance. A month
 * with no limit is a full hatched bar marked ∞.
 */
export function CountsChart({ series, feature, today }: CountsChartProps) {
  const { t, i18n } = useTranslation('licences');
  const values = series.map((s) => s[feature]);
  const finite = values.filter((v): v is number => v !== null);
  const max = Math.max(1, ...finite);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(1, series.length);
  const bar = Math.max(2, step * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const month = (at: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${at}T00:00:00Z`));
  const label = t('report.countsOf', { feature: t(`counted.${feature}`) });
  const summary = series.map((s) => `${s.at.slice(0, 7)}: ${s[feature] === null ? '∞' : s[feature]}`).join(', ');
  return (
    <figure className="space-y-1">
      <figcaption className="text-[13px] font-medium text-ink">{label}</figcaption>
      <svg role="img" aria-label={`${label}. ${summary}`} viewBox={`0 0 ${W} ${H}`} className="h-auto w-full">
        <defs>
          <pattern
            id={`unlimited-${feature}`}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" fill={colour('info-50')} />
            <line x1="0" y1="0" x2="0" y2="6" stroke={colour('info-600')} strokeWidth="1.5" />
          </pattern>
        </defs>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              stroke={colour('line')}
              strokeWidth="0.5"
            />
            <text x={PAD.left - 6} y={y(max * f) + 3} textAnchor="end" fill={colour('muted')} fontSize="10">
              {Math.round(max * f).toLocaleString(i18n.language)}
            </text>
          </g>
        ))}
        {series.map((s, i) => {
          const x = PAD.left + i * step + (step - bar) / 2;
          const v = s[feature];
          const current = s.at.slice(0, 7) === today;
          return (
            <g key={s.at}>
              {v === null ? (
                <>
                  <rect x={x} y={PAD.top} width={bar} height={plotH} fill={`url(#unlimited-${feature})`} />
                  <text x={x + bar / 2} y={PAD.top + 10} textAnchor="middle" fill={colour('info-600')} fontSize="10">
                    ∞
                  </text>
                </>
              ) : (
                <rect
                  x={x}
                  y={y(v)}
                  width={bar}
                  height={Math.max(0, PAD.top + plotH - y(v))}
                  rx="1.5"
                  fill={colour(current ? 'brand-700' : 'brand-600')}
                  fillOpacity={current ? 1 : 0.6}
                />
              )}
              {i % Math.ceil(series.length / 12) === 0 || current ? (
                <text
                  x={x + bar / 2}
                  y={H - 6}
                  textAnchor="middle"
                  fill={colour(current ? 'ink' : 'muted')}
                  fontSize="10"
                  fontWeight={current ? 600 : 400}
                >
                  {month(s.at)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
