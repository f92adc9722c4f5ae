import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SnapshotFrom } from 'xstate';
import { pickerFixtures } from '../../machines/picker/picker.fixtures';
import { type PickerMachine, pickerMachine } from '../../machines/picker/picker.machine';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { PickerView } from './PickerView';
import { describeUser } from './use-pickers';

function Frame({ snapshot }: { snapshot: SnapshotFrom<PickerMachine> }) {
  const pickerRef = useFrozenActor(pickerMachine, snapshot);
  return (
    <PickerView
      pickerRef={pickerRef}
      title="Choose users"
      describe={describeUser}
      searchLabel="Search by name or e-mail"
    />
  );
}

/** The picker dialog of 2.5 over a frozen `picker` actor in each fixture state. */
function PickerStory({ state }: { state: keyof typeof pickerFixtures }) {
  return <Frame key={state} snapshot={pickerFixtures[state]} />;
}

const meta = {
  title: 'Entities/Picker',
  component: PickerStory,
  argTypes: { state: { control: 'select', options: Object.keys(pickerFixtures) } },
} satisfies Meta<typeof PickerStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Ready: Story = { args: { state: 'ready' } };
export const Single: Story = { args: { state: 'single' } };
export const SearchedEmpty: Story = { args: { state: 'searchedEmpty' } };
export const LoadingMore: Story = { args: { state: 'loadingMore' } };
export const Failed: Story = { args: { state: 'failed' } };
export const Confirmed: Story = { args: { state: 'confirmed' } };
export const Cancelled: Story = { args: { state: 'cancelled' } };
