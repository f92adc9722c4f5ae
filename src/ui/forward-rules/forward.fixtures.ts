import type { ForwardGroup, ForwardRuleSet } from '../../contract/entities/forward-rule';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityListSnapshot } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { forwardGroupForm } from './forward-group-form';
import { ruleSetForm } from './rule-set-form';

export const sampleRuleSets: ForwardRuleSet[] = [
  {
    id: 1,
    name: 'Concierge desk',
    params: { numbers: ['100002', '100003'], timeout: 60, days: [], period: null, trunk_numbers: [] },
    sip_numbers: [
      { id: 2, number: '100002', name: 'Cora Concierge' },
      { id: 3, number: '100003', name: 'Cole Concierge' },
    ],
    used_by: 1,
    created_at: '2026-03-02T09:00:00.000Z',
    created_by_user: null,
  },
  {
    id: 2,
    name: 'Weekday office',
    params: {
      numbers: [],
      timeout: 25,
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      period: { from: 32_400, to: 64_800 },
      trunk_numbers: ['+3712000001'],
    },
    sip_numbers: [],
    used_by: 0,
    created_at: '2026-03-03T09:00:00.000Z',
    created_by_user: null,
  },
];

export const sampleForwardGroups: ForwardGroup[] = [
  {
    id: 1,
    name: 'Unanswered to concierges',
    forward_rules: [
      {
        type: 'redirect_if_no_answer',
        is_immediately: false,
        timeout: 30,
        forward_rules: [{ id: 1, name: 'Concierge desk' }],
      },
      { type: 'redirect_if_error', enabled: true, timeout: 10, forward_rules: [{ id: 1, name: 'Concierge desk' }] },
    ],
    used_by: 1,
    created_at: '2026-03-02T09:00:00.000Z',
    created_by_user: null,
  },
];

/** Snapshots of the forward rules page (both tabs) and its dialogs for stories and tests. */
export const forwardFixtures = {
  ruleSets: entityListSnapshot(
    { browsing: 'ready' },
    { items: sampleRuleSets as unknown as ListRow[], total: 2, lastPage: 1, defaultSort: ['name'] },
  ),
  groups: entityListSnapshot(
    { browsing: 'ready' },
    { items: sampleForwardGroups as unknown as ListRow[], total: 1, lastPage: 1, defaultSort: ['name'] },
  ),
  ruleSetForm: {
    creating: entityFormSnapshot(ruleSetForm, 'editing'),
    editing: entityFormSnapshot(ruleSetForm, 'editing', { item: sampleRuleSets[1]! }),
    withErrors: entityFormSnapshot(ruleSetForm, 'editing', {
      values: { name: 'Night', from: '22:00' },
      errors: { numbers: { code: 'one_required' }, to: { code: 'required' } },
    }),
  },
  groupForm: {
    creating: entityFormSnapshot(forwardGroupForm, 'editing'),
    editing: entityFormSnapshot(forwardGroupForm, 'editing', { item: sampleForwardGroups[0]! }),
    withErrors: entityFormSnapshot(forwardGroupForm, 'editing', {
      values: { name: 'Failures', err_enabled: true },
      errors: { err_rules: { code: 'required' } },
    }),
  },
};
