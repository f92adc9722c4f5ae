import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { accessMatrixFixtures, accessMatrixVariants } from '../../machines/access-matrix/access-matrix.fixtures';
import { type AccessMatrixMachine, accessMatrixMachine } from '../../machines/access-matrix/access-matrix.machine';
import { frozenPicker } from '../entities/story-support';
import { describeGroup } from '../entities/use-pickers';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { AccessMatrixView } from './AccessMatrixView';

function Frame({ snapshot }: { snapshot: SnapshotFrom<AccessMatrixMachine> }) {
  const matrixRef = useFrozenActor(accessMatrixMachine, snapshot);
  return (
    <div className="p-6">
      <AccessMatrixView matrixRef={matrixRef} groups={frozenPicker(describeGroup)} canDownload />
    </div>
  );
}

/** /access-matrix over a frozen `accessMatrix` actor in a fixture state. */
export function AccessMatrixStory({ state = 'ready' }: { state?: keyof typeof accessMatrixFixtures }) {
  return <Frame key={state} snapshot={accessMatrixFixtures[state]} />;
}

/** Variants of the loaded matrix. */
function AccessMatrixVariantStory({ variant }: { variant: keyof typeof accessMatrixVariants }) {
  return <Frame key={variant} snapshot={accessMatrixVariants[variant]} />;
}

const meta = {
  title: 'Access management/Access matrix',
  component: AccessMatrixVariantStory,
  parameters: { gatehouse: { route: { path: '/access-matrix', entry: '/access-matrix' } } },
  excludeStories: ['AccessMatrixStory'],
} satisfies Meta<typeof AccessMatrixVariantStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NothingToShow: Story = {
  args: { variant: 'empty' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Nothing to show')).toBeInTheDocument();
    await expect(canvas.getByText('No user matches, or no rule you can see gives them a door.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Group: Unit 404/ })).toBeInTheDocument();
  },
};

export const Downloading: Story = {
  args: { variant: 'downloading' },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: 'Download (Excel)' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const CellDetails: Story = {
  args: { variant: 'downloading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^Rita Resident, Main door #1:/ }));
    const dialog = within(await pageOf(canvasElement).findByRole('dialog', { name: 'Rita Resident at Main door #1' }));
    await expect(dialog.getByText('Residents of A')).toBeInTheDocument();
    await expect(dialog.getByText('always · through a group of the user')).toBeInTheDocument();
    await expect(dialog.getByText('Prohibits')).toBeInTheDocument();
    await expect(dialog.getByText('during Nights · names the user')).toBeInTheDocument();
  },
};
