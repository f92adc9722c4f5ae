import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeRuleSet, describeSipNumber } from '../entities/use-pickers';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { ForwardGroupDialog } from './ForwardGroupDialog';
import { ForwardListView } from './ForwardListView';
import type { ForwardTab } from './ForwardTabs';
import { forwardFixtures } from './forward.fixtures';
import { RuleSetDialog } from './RuleSetDialog';

const noop = () => {};
const can = { create: true, delete: true };

function ListFrame({ tab }: { tab: ForwardTab }) {
  const listRef = useFrozenActor(
    entityListMachine,
    tab === 'groups' ? forwardFixtures.groups : forwardFixtures.ruleSets,
  );
  return (
    <div className="p-6">
      <ForwardListView tab={tab} listRef={listRef} can={can} onAdd={noop} onOpen={noop} />
    </div>
  );
}

function RuleSetFrame({ state }: { state: keyof typeof forwardFixtures.ruleSetForm }) {
  const formRef = useFrozenActor(entityFormMachine, forwardFixtures.ruleSetForm[state]);
  return <RuleSetDialog formRef={formRef} numbers={frozenPicker(describeSipNumber)} onClose={noop} />;
}

function GroupFrame({ state }: { state: keyof typeof forwardFixtures.groupForm }) {
  const formRef = useFrozenActor(entityFormMachine, forwardFixtures.groupForm[state]);
  return <ForwardGroupDialog formRef={formRef} ruleSets={frozenPicker(describeRuleSet)} onClose={noop} />;
}

/** The forward rules page (both tabs) and its two dialogs over frozen actors. */
function ForwardRulesStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'ruleSet' | 'group', string];
  if (kind === 'list') return <ListFrame key={view} tab={state as ForwardTab} />;
  if (kind === 'ruleSet') return <RuleSetFrame key={view} state={state as keyof typeof forwardFixtures.ruleSetForm} />;
  return <GroupFrame key={view} state={state as keyof typeof forwardFixtures.groupForm} />;
}

const meta = {
  title: 'Telephony/Forward rules',
  component: ForwardRulesStory,
  parameters: { gatehouse: { route: { path: '/forward-rules/*', entry: '/forward-rules' } } },
} satisfies Meta<typeof ForwardRulesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RuleSets: Story = { args: { view: 'list:ruleSets' } };
export const ForwardGroups: Story = {
  args: { view: 'list:groups' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Forward rules' });
    await expect(within(table).getByRole('row', { name: /Unanswered/ })).toHaveTextContent(
      'After 30 s → Concierge desk',
    );
    await expect(canvas.getByRole('link', { name: 'Forward groups' })).toHaveAttribute('aria-current', 'page');
  },
};
export const NewRuleSet: Story = { args: { view: 'ruleSet:creating' } };
export const EditRuleSet: Story = {
  args: { view: 'ruleSet:editing' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Edit rule set' });
    await expect(within(dialog).getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    await expect(within(dialog).getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();
    await expect(within(dialog).getByLabelText('From')).toHaveValue('09:00');
    await expect(within(dialog).getByLabelText(/External numbers/)).toHaveValue('+3712000001');
  },
};
export const RuleSetWithErrors: Story = { args: { view: 'ruleSet:withErrors' } };
export const NewForwardGroup: Story = { args: { view: 'group:creating' } };
export const EditForwardGroup: Story = { args: { view: 'group:editing' } };
export const ForwardGroupWithErrors: Story = { args: { view: 'group:withErrors' } };
