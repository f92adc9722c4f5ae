import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { structureImportFixtures } from '../../machines/structure-import/structure-import.fixtures';
import { structureImportMachine } from '../../machines/structure-import/structure-import.machine';
import { usePickers } from '../entities/use-pickers';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { StructureImportDialog } from './StructureImportDialog';

/** The structure import dialog over a frozen `structureImport` actor in each fixture state. */
function ImportStory({ state }: { state: keyof typeof structureImportFixtures }) {
  const actor = useFrozenActor(structureImportMachine, structureImportFixtures[state]);
  const pickers = usePickers();
  return (
    <StructureImportDialog key={state} actor={actor} groupName="Building A" roles={pickers.roles} onClose={() => {}} />
  );
}

const meta = {
  title: 'Groups/Structure import',
  component: ImportStory,
  argTypes: { state: { control: 'select', options: Object.keys(structureImportFixtures) } },
} satisfies Meta<typeof ImportStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = { args: { state: 'choosing' } };
export const Ready: Story = { args: { state: 'ready' } };
export const FailedUpload: Story = { args: { state: 'failedUpload' } };
export const Uploading: Story = {
  args: { state: 'uploading' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('progressbar')).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  },
};
export const Finished: Story = {
  args: { state: 'finished' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('2 rows were refused:')).toBeInTheDocument();
    await expect(page.getByText(/Wrong e-mail|wrong e-mail/)).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Download error report' })).toBeInTheDocument();
  },
};
export const FinishedClean: Story = {
  args: { state: 'finishedClean' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByText('Every row was imported.')).toBeInTheDocument();
  },
};
