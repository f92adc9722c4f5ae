import type { Meta, StoryObj } from '@storybook/react-vite';
import { structureImportFixtures } from '../../machines/structure-import/structure-import.fixtures';
import { structureImportMachine } from '../../machines/structure-import/structure-import.machine';
import { usePickers } from '../entities/use-pickers';
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
export const Uploading: Story = { args: { state: 'uploading' } };
export const Finished: Story = { args: { state: 'finished' } };
export const FinishedClean: Story = { args: { state: 'finishedClean' } };
