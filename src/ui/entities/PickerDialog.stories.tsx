import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import { expect } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { entityFormSnapshot } from '../../machines/entity-form/entity-form.fixtures';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { sampleGateForm } from '../../machines/entity-form/entity-form.sample';
import { sampleRows } from '../../machines/entity-list/entity-list.fixtures';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { pickerFixtures } from '../../machines/picker/picker.fixtures';
import { type PickerMachine, pickerMachine } from '../../machines/picker/picker.machine';
import { selectIsPickerClosed } from '../../machines/picker/picker.selectors';
import { freeze } from '../storybook/frozen-actors';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { FormPicker } from './fields/FormPicker';
import { PickerView } from './PickerView';
import { describeUser } from './use-pickers';

/** What the field held when its picker opened (the picker starts from it). */
const held: ListRow[] = [sampleRows[1]!];

function Frame({ snapshot }: { snapshot: SnapshotFrom<PickerMachine> }) {
  const pickerRef = useFrozenActor(pickerMachine, snapshot);
  const closed = useSelector(pickerRef, selectIsPickerClosed);
  // Choose hands the choice to the field (FormPicker's onConfirm); Cancel leaves the field as it was.
  const value = snapshot.matches('confirmed') ? snapshot.context.selected : held;
  const formRef = useFrozenActor(
    entityFormMachine,
    entityFormSnapshot(sampleGateForm, 'editing', { values: { users: value } as never }),
  );
  return (
    <div className="max-w-xl p-6">
      <FormPicker
        formRef={formRef}
        field="users"
        label="Users"
        multiple
        picker={freeze(pickerMachine)}
        pickerTitle="Choose users"
        searchLabel="Search by name or e-mail"
        describe={describeUser}
      />
      {closed ? null : (
        <PickerView
          pickerRef={pickerRef}
          title="Choose users"
          describe={describeUser}
          searchLabel="Search by name or e-mail"
        />
      )}
    </div>
  );
}

/**
 * The picker of 2.5 where it lives: a form field with its chips, and the
 * dialog over it while the frozen `picker` actor is open. Once confirmed or
 * cancelled the dialog is gone and the field shows what it holds.
 */
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

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Choose users' });
    await expect(dialog).toHaveTextContent('Loading…');
  },
};
export const Ready: Story = { args: { state: 'ready' } };
export const Single: Story = {
  args: { state: 'single' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('radio', { name: /Alex Admin/ })).toBeChecked();
    await expect(page.queryByRole('checkbox', { name: /Alex Admin/ })).not.toBeInTheDocument();
  },
};
export const SearchedEmpty: Story = { args: { state: 'searchedEmpty' } };
export const LoadingMore: Story = { args: { state: 'loadingMore' } };
export const Failed: Story = { args: { state: 'failed' } };
export const Confirmed: Story = { args: { state: 'confirmed' } };
export const Cancelled: Story = { args: { state: 'cancelled' } };
