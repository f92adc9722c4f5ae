import type { TFunction } from 'i18next';
import type { ForwardGroup, ForwardRuleSet } from '../../contract/entities/forward-rule';
import { asColumns, type ColumnDef } from '../entities/columns';
import { clockOf } from './rule-set-form';

type SetRow = ForwardRuleSet & { [k: string]: unknown };
type GroupRow = ForwardGroup & { [k: string]: unknown };

const usedBy = (t: TFunction, count: number) => (count === 0 ? t('forwarding:cells.unused') : String(count));

/** The rule sets table: name, numbers rung, ring time, days, hours, how many use it. */
export function ruleSetColumns(t: TFunction): ColumnDef[] {
  return asColumns<SetRow>([
    { key: 'name', header: t('forwarding:fields.name'), sortField: 'name', cell: (s) => s.name },
    {
      key: 'numbers',
      header: t('forwarding:fields.numbers'),
      cell: (s) => (
        <span className="font-mono text-[13px]">{[...s.params.numbers, ...s.params.trunk_numbers].join(', ')}</span>
      ),
    },
    {
      key: 'timeout',
      header: t('forwarding:fields.timeout'),
      className: 'w-28',
      cell: (s) => t('forwarding:cells.seconds', { count: s.params.timeout }),
    },
    {
      key: 'days',
      header: t('forwarding:fields.days'),
      cell: (s) =>
        s.params.days.length === 0
          ? t('forwarding:cells.everyDay')
          : s.params.days.map((d) => t(`forwarding:days.${d}`)).join(', '),
    },
    {
      key: 'period',
      header: t('forwarding:fields.period'),
      className: 'w-32',
      cell: (s) =>
        s.params.period
          ? `${clockOf(s.params.period.from)}–${clockOf(s.params.period.to)}`
          : t('forwarding:cells.allDay'),
    },
    { key: 'used_by', header: t('forwarding:fields.used_by'), className: 'w-28', cell: (s) => usedBy(t, s.used_by) },
  ]);
}

/** How one redirect reads in a cell: off, at once, or after N seconds, with its rule sets. */
function redirect(t: TFunction, on: boolean, immediately: boolean, seconds: number, rules: { name: string }[]) {
  if (!on || rules.length === 0) return <span className="text-muted">{t('forwarding:cells.off')}</span>;
  const names = rules.map((r) => r.name).join(', ');
  return immediately
    ? t('forwarding:cells.atOnce', { rules: names })
    : t('forwarding:cells.after', { seconds, rules: names });
}

/** The forward groups table: name, the no-answer and failure redirects, how many numbers use it. */
export function forwardGroupColumns(t: TFunction): ColumnDef[] {
  return asColumns<GroupRow>([
    { key: 'name', header: t('forwarding:fields.name'), sortField: 'name', cell: (g) => g.name },
    {
      key: 'noAnswer',
      header: t('forwarding:fields.noAnswer'),
      cell: (g) => {
        const [r] = g.forward_rules;
        return redirect(t, true, r.is_immediately, r.timeout, r.forward_rules);
      },
    },
    {
      key: 'onError',
      header: t('forwarding:fields.onError'),
      cell: (g) => {
        const [, r] = g.forward_rules;
        return redirect(t, r.enabled, false, r.timeout, r.forward_rules);
      },
    },
    { key: 'used_by', header: t('forwarding:fields.used_by'), className: 'w-28', cell: (g) => usedBy(t, g.used_by) },
  ]);
}
