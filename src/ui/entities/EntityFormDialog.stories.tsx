import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { entityFormFixtures } from '../../machines/entity-form/entity-form.fixtures';
import { type EntityFormMachine, entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { FormRow } from '../kit/FormRow';
import { pageOf } from '../storybook/play';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { EntityFormDialog } from './EntityFormDialog';
import { FormCheckbox } from './fields/FormCheckbox';
import { FormText } from './fields/FormText';
import { FormTextArea } from './fields/FormTextArea';

function Frame({ snapshot }: { snapshot: SnapshotFrom<EntityFormMachine> }) {
  // `assign`s stay real, so a story can still be typed into.
  const formRef = useFrozenActor(entityFormMachine, snapshot);
  return (
    <EntityFormDialog formRef={formRef} title="Gate" onClose={() => {}}>
      <FormText formRef={formRef} field="name" label="Name" required />
      <FormTextArea formRef={formRef} field="description" label="Description" />
      <FormRow>
        <FormText formRef={formRef} field="ip_address" label="IP address" />
        <FormText formRef={formRef} field="port" label="Port" inputMode="numeric" />
      </FormRow>
      <FormRow>
        <FormText formRef={formRef} field="password" label="Password" type="password" />
        <FormText formRef={formRef} field="location_latitude" label="Latitude" inputMode="decimal" />
      </FormRow>
      <FormCheckbox formRef={formRef} field="is_active" label="Active" />
    </EntityFormDialog>
  );
}

/** The generic edit dialog (600 px) over a frozen `entityForm` actor of the sample gate, in each state. */
function FormStory({ state }: { state: keyof typeof entityFormFixtures }) {
  return <Frame key={state} snapshot={entityFormFixtures[state]} />;
}

const meta = {
  title: 'Entities/Form dialog',
  component: FormStory,
  argTypes: { state: { control: 'select', options: Object.keys(entityFormFixtures) } },
} satisfies Meta<typeof FormStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Failed: Story = { args: { state: 'failed' } };
export const Creating: Story = { args: { state: 'creating' } };
export const Editing: Story = { args: { state: 'editing' } };
export const Dirty: Story = { args: { state: 'dirty' } };
export const WithErrors: Story = {
  args: { state: 'withErrors' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Gate' });
    await expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('Field is required');
    await expect(within(dialog).getByLabelText('Port')).toHaveAttribute('aria-invalid', 'true');
  },
};
export const WithServerError: Story = { args: { state: 'withServerError' } };
/** Without the edit permission: the fields are locked and only Close is offered. */
export const ReadOnly: Story = {
  args: { state: 'readOnly' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Gate' });
    await expect(within(dialog).getByLabelText(/^Name/)).toBeDisabled();
    await expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  },
};
export const Saving: Story = { args: { state: 'saving' } };
export const Filling: Story = { args: { state: 'filling' } };
/** Saved: the form says so (a page that stays open shows it; a dialog is usually closed by its page). */
export const Saved: Story = {
  args: { state: 'saved' },
  play: async ({ canvasElement }) => {
    const dialog = await pageOf(canvasElement).findByRole('dialog', { name: 'Gate' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Saved');
  },
};
