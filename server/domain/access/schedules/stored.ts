import * as v from 'valibot';
import {
  TIME_RULE_DEFINITION_KEYS,
  type TimeRuleDefinition,
  timeRuleDefinitionEntries,
} from '../../../../src/contract/time-rule-definition';

const Stored = v.object(timeRuleDefinitionEntries);

/**
 * A time rule's `definition` column as the evaluator takes it: defaults filled for fields an older
 * row lacks. An unreadable one (never written by this server) is a one-off in 1900: never open.
 */
export function storedDefinition(json: string): TimeRuleDefinition {
  try {
    const parsed = v.safeParse(Stored, JSON.parse(json));
    if (parsed.success) return parsed.output;
  } catch {
    // not JSON: below
  }
  return v.parse(Stored, { valid_from: '1900-01-01', repeat_mode: 'never' });
}

/** The definition fields of a body (flat entity fields), in their order, as the column stores them. */
export function definitionJson(body: TimeRuleDefinition): string {
  const out: Record<string, unknown> = {};
  for (const key of TIME_RULE_DEFINITION_KEYS) out[key] = body[key];
  return JSON.stringify(out);
}
