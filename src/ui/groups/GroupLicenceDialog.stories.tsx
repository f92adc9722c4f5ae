import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { licencesFixtures } from '../licences/licences.fixtures';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { GroupLicenceDialog } from './GroupLicenceDialog';

/** A group's licence dialog (section 3) over a frozen form: its own licence, or what it inherits. */
function GroupLicenceStory({ state }: { state: 'groupLicence' | 'groupInherited' }) {
  const formRef = useFrozenActor(entityFormMachine, licencesFixtures[state]);
  return <GroupLicenceDialog formRef={formRef} name="Building C" onClose={() => {}} />;
}

const meta = {
  title: 'Groups/Licence',
  component: GroupLicenceStory,
  argTypes: { state: { control: 'select', options: ['groupLicence', 'groupInherited'] } },
} satisfies Meta<typeof GroupLicenceStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Own: Story = {
  args: { state: 'groupLicence' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Licence of Building C' });
    await expect(within(dialog).getByRole('checkbox', { name: 'This group has its own licence' })).toBeChecked();
    await expect(within(dialog).getAllByRole('textbox', { name: 'Count' })[0]).toHaveValue('200');
    await expect(within(dialog).getByRole('img', { name: 'Virtual numbers: 18 of 200' })).toBeInTheDocument();
    await expect(within(dialog).getByRole('checkbox', { name: 'Elevators' })).not.toBeChecked();
  },
};

export const Inherited: Story = {
  args: { state: 'groupInherited' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Licence of Building C' });
    await expect(within(dialog).getByRole('checkbox', { name: 'This group has its own licence' })).not.toBeChecked();
    await expect(within(dialog).getByRole('img', { name: 'Virtual numbers: 3 of 400' })).toBeInTheDocument();
  },
};
