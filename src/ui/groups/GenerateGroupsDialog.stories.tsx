import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { generateGroupsFixtures } from '../../machines/generate-groups/generate-groups.fixtures';
import { generateGroupsMachine } from '../../machines/generate-groups/generate-groups.machine';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { GenerateGroupsDialog } from './GenerateGroupsDialog';

/** The generate-groups dialog over a frozen `generateGroups` actor in each fixture state. */
function GenerateStory({ state }: { state: keyof typeof generateGroupsFixtures }) {
  const actor = useFrozenActor(generateGroupsMachine, generateGroupsFixtures[state]);
  return <GenerateGroupsDialog key={state} actor={actor} parentName="Riverside Residence" onClose={() => {}} />;
}

const meta = {
  title: 'Groups/Generate groups',
  component: GenerateStory,
  argTypes: { state: { control: 'select', options: Object.keys(generateGroupsFixtures) } },
} satisfies Meta<typeof GenerateStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = { args: { state: 'editing' } };
export const WithErrors: Story = {
  args: { state: 'withErrors' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByLabelText('Floors: how many')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};
export const Previewing: Story = { args: { state: 'previewing' } };
export const Preview: Story = {
  args: { state: 'preview' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('5 groups will be created:')).toBeInTheDocument();
    await expect(page.getByText('Unit 202')).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Create 5 groups' })).toBeEnabled();
  },
};
export const Saving: Story = { args: { state: 'saving' } };
/** Saved: the dialog says how many groups were created (the page then closes it). */
export const Saved: Story = {
  args: { state: 'saved' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog');
    await expect(within(dialog).getByRole('status')).toHaveTextContent('5 groups were created in Riverside Residence.');
    await expect(within(dialog).queryByLabelText('Floors: how many')).not.toBeInTheDocument();
  },
};
