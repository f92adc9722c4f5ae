import type { Meta, StoryObj } from '@storybook/react-vite';
import { generateGroupsFixtures } from '../../machines/generate-groups/generate-groups.fixtures';
import { generateGroupsMachine } from '../../machines/generate-groups/generate-groups.machine';
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
export const WithErrors: Story = { args: { state: 'withErrors' } };
export const Previewing: Story = { args: { state: 'previewing' } };
export const Preview: Story = { args: { state: 'preview' } };
export const Saving: Story = { args: { state: 'saving' } };
export const Saved: Story = { args: { state: 'saved' } };
