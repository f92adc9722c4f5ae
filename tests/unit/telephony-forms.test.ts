import { describe, expect, it } from 'vitest';
import { type AnyFormDefinition, bodyOf, validateForm } from '../../src/machines/entity-form/entity-form.definition';
import { formatDuration } from '../../src/ui/call-history/call-format';
import { dayBound, dayOf } from '../../src/ui/entities/filters';
import { describeRuleSet, describeSipNumber } from '../../src/ui/entities/use-pickers';
import { clockOf, ruleSetForm, secondsOf } from '../../src/ui/forward-rules/rule-set-form';
import { sampleSipNumbers } from '../../src/ui/virtual-numbers/sip-number.fixtures';
import { sipNumberForm } from '../../src/ui/virtual-numbers/sip-number-form';

describe('virtual number form (7.6, 7.9)', () => {
  const form: AnyFormDefinition = sipNumberForm({ activate: true, markSystem: true });
  const rita = sampleSipNumbers[1]!;

  it('omits an unchanged password on update and sends a changed one', () => {
    const initial = form.fromItem(rita);
    expect(bodyOf(form, { ...initial, name: 'Home' }, initial, 'patch')).not.toHaveProperty('password');
    expect(bodyOf(form, { ...initial, password: 'N3wPassword' }, initial, 'patch')).toMatchObject({
      password: 'N3wPassword',
    });
  });

  it('sends one holder by kind and clears the others; forwarding fields follow the mode', () => {
    const initial = form.fromItem(rita);
    const body = bodyOf(
      form,
      {
        ...initial,
        holder: 'domain',
        domain: { id: 3, name: 'Unit 101' },
        forward_mode: 'manual',
        forward_rules: [{ id: 9, name: 'x' }],
      },
      initial,
      'patch',
    );
    expect(body).toMatchObject({
      user_id: null,
      device_id: null,
      domain_id: 3,
      forward_rules: [9],
      forward_group_id: null,
    });
  });

  it('a master number must belong to a group; a chosen holder kind needs its entity', () => {
    const values = { ...form.empty(), number: '100500', password: 'Abc123', purpose: 'master_sip_number' };
    expect(validateForm(form, values, form.empty(), 'create')).toMatchObject({
      holder: { code: 'invalid' },
      user: { code: 'required' },
    });
  });

  it('leaves out the guarded fields without their permissions', () => {
    const limited: AnyFormDefinition = sipNumberForm({ activate: false, markSystem: false });
    const body = bodyOf(
      limited,
      { ...limited.empty(), number: '1', password: 'p', holder: 'none' },
      limited.empty(),
      'create',
    );
    for (const field of ['is_active', 'is_reserved', 'purpose']) expect(body).not.toHaveProperty(field);
  });
});

describe('rule set form', () => {
  const rules: AnyFormDefinition = ruleSetForm;
  it('turns hours into seconds and back', () => {
    expect(secondsOf('09:30')).toBe(34_200);
    expect(secondsOf('9:5')).toBeNaN();
    expect(clockOf(64_800)).toBe('18:00');
    expect(clockOf(86_400)).toBe('23:59');
  });

  it('one hour bound alone is incomplete; no number at all needs one', () => {
    const values = { ...rules.empty(), name: 'N', from: '08:00' };
    expect(validateForm(rules, values, rules.empty(), 'create')).toMatchObject({
      numbers: { code: 'one_required' },
      to: { code: 'required' },
    });
  });

  it('server errors under params land on their inputs', () => {
    expect(ruleSetForm.fieldOf?.('params.period.to')).toBe('to');
    expect(ruleSetForm.fieldOf?.('params.numbers.0')).toBe('numbers');
    expect(ruleSetForm.fieldOf?.('name')).toBe('name');
  });
});

describe('call history helpers', () => {
  it('durations read m:ss, then h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(95)).toBe('1:35');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('a day filter sends the local day’s first or last instant and reads back the same day', () => {
    const from = dayBound('2026-03-02', 'equals_above')!;
    const to = dayBound('2026-03-02', 'equals_below')!;
    expect(new Date(from).getHours()).toBe(0);
    expect(new Date(to).getHours()).toBe(23);
    expect(dayOf(from)).toBe('2026-03-02');
    expect(dayOf(to)).toBe('2026-03-02');
    expect(dayBound('March 2', 'equals_above')).toBeNull();
    expect(dayOf('nonsense')).toBe('');
  });
});

describe('pickers of 2.5', () => {
  it('a virtual number reads as number and name, with its holder; a rule set with the numbers it rings', () => {
    expect(describeSipNumber(sampleSipNumbers[1] as never)).toEqual({
      primary: '100011 · Rita Resident',
      secondary: 'Rita Resident',
    });
    expect(describeRuleSet({ id: 1, name: 'Desk', params: { numbers: ['1'], trunk_numbers: ['+2'] } })).toEqual({
      primary: 'Desk',
      secondary: '1, +2',
    });
  });
});
