import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { groupTreeFixtures } from '../../machines/group-tree/group-tree.fixtures';
import { groupTreeMachine } from '../../machines/group-tree/group-tree.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { GROUP_ACTIONS } from './GroupRowMenu';
import { GroupTree } from './GroupTree';

/** The groups tree grid over a frozen `groupTree` actor in a fixture state. */
export function GroupTreeStory({ state }: { state: keyof typeof groupTreeFixtures }) {
  const tree = useFrozenActor(groupTreeMachine, groupTreeFixtures[state]);
  return (
    <div className="p-6">
      <GroupTree key={state} tree={tree} actions={GROUP_ACTIONS} onAction={() => {}} />
    </div>
  );
}

const meta = {
  title: 'Groups/Tree',
  component: GroupTreeStory,
  argTypes: { state: { control: 'select', options: Object.keys(groupTreeFixtures) } },
} satisfies Meta<typeof GroupTreeStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A search answer: the match marked, its ancestors open, a count of matches. */
export const Found: Story = {
  args: { state: 'found' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole('treegrid', { name: 'Groups' });
    const rows = within(grid).getAllByRole('row').slice(1);
    await expect(rows.map((r) => r.getAttribute('aria-level'))).toEqual(['1', '2', '3']);
    await expect(rows[2]).toHaveTextContent('Unit 102');
    await expect(canvas.getByText('1 group matches')).toBeInTheDocument();
  },
};

/** The row menu opens from the keyboard with every action, named after its group. */
export const RowMenu: Story = {
  args: { state: 'idle' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Actions for Building A' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Edit',
      'White label',
      'Video platforms',
      'Add subgroup',
      'Generate groups',
      'Import structure',
      'Export structure',
      'Licence',
      'Delete',
    ]);
    await userEvent.keyboard('{Escape}');
  },
};
