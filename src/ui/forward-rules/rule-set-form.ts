import { FORWARD_DEFAULTS } from '../../contract/constants';
import {
  type ForwardRuleSet,
  ForwardRuleSetCreateSchema,
  ForwardRuleSetPatchSchema,
  type WeekDay,
} from '../../contract/entities/forward-rule';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the rule set dialog edits: numbers as picker rows, the rest as typed. */
export interface RuleSetValues extends FormValues {
  name: string;
  numbers: ListRow[];
  /** External numbers, separated by commas or spaces. */
  trunk_numbers: string;
  timeout: string;
  days: WeekDay[];
  /** HH:MM, or '' (with `to` also '': all day). */
  from: string;
  to: string;
}

/** Seconds from midnight as HH:MM (24:00 shows as 23:59, the last minute a time input can hold). */
export function clockOf(seconds: number): string {
  const minutes = Math.min(Math.floor(seconds / 60), 23 * 60 + 59);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** HH:MM as seconds from midnight; NaN when it does not read as a time. */
export function secondsOf(clock: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(clock.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 3600 + Number(match[2]) * 60;
}

const splitNumbers = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((n) => n.trim())
    .filter(Boolean);

/** The forward rule set dialog (section 3, 5, 9): name, numbers, ring time, days, hours, trunk numbers. */
export const ruleSetForm: EntityFormDefinition<RuleSetValues, ForwardRuleSet> = {
  empty: () => ({
    name: '',
    numbers: [],
    trunk_numbers: '',
    timeout: String(FORWARD_DEFAULTS.ruleSetTimeout),
    days: [],
    from: '',
    to: '',
  }),
  fromItem: (set) => ({
    name: set.name,
    numbers: set.sip_numbers,
    trunk_numbers: set.params.trunk_numbers.join(', '),
    timeout: String(set.params.timeout),
    days: set.params.days,
    from: set.params.period ? clockOf(set.params.period.from) : '',
    to: set.params.period ? clockOf(set.params.period.to) : '',
  }),
  kinds: { name: 'requiredText', numbers: 'raw', trunk_numbers: 'raw', timeout: 'integer', days: 'raw' },
  finish: (body, _mode, values) => {
    const period =
      values.from.trim() && values.to.trim() ? { from: secondsOf(values.from), to: secondsOf(values.to) } : null;
    return {
      name: body.name,
      params: {
        numbers: (body.numbers as ListRow[]).map((row) => String(row.number)),
        trunk_numbers: splitNumbers(String(body.trunk_numbers ?? '')),
        timeout: body.timeout ?? FORWARD_DEFAULTS.ruleSetTimeout,
        days: body.days,
        period,
      },
    };
  },
  schemas: { create: ForwardRuleSetCreateSchema, patch: ForwardRuleSetPatchSchema },
  check: (values): Record<string, FieldError> => {
    const errors: Record<string, FieldError> = {};
    if (values.numbers.length === 0 && splitNumbers(values.trunk_numbers).length === 0) {
      errors.numbers = { code: 'one_required' };
    }
    if (values.from.trim() && !values.to.trim()) errors.to = { code: 'required' };
    if (values.to.trim() && !values.from.trim()) errors.from = { code: 'required' };
    return errors;
  },
  fieldOf: (path) => {
    const parts = path.split('.');
    if (parts[0] !== 'params') return parts[0] ?? path;
    if (parts[1] === 'period') return parts[2] === 'to' ? 'to' : 'from';
    return parts[1] ?? path;
  },
};
