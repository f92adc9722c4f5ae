import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { NotificationSettingsView } from './NotificationSettingsView';
import { notificationSettingsFixtures } from './notification-settings.fixtures';

/** /notifications/settings over a frozen form actor. */
function SettingsStory({ state }: { state: keyof typeof notificationSettingsFixtures }) {
  const formRef = useFrozenActor(entityFormMachine, notificationSettingsFixtures[state]);
  return (
    <div className="p-6">
      <NotificationSettingsView key={state} formRef={formRef} title="Notification settings" onCancel={() => {}} />
    </div>
  );
}

const meta = {
  title: 'Notifications/Settings',
  component: SettingsStory,
  argTypes: { state: { control: 'select', options: Object.keys(notificationSettingsFixtures) } },
  parameters: {
    gatehouse: {
      route: { path: '/notifications/settings', entry: '/notifications/settings' },
    } satisfies GatehouseParameters,
  },
} satisfies Meta<typeof SettingsStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status')).not.toHaveLength(0);
  },
};
/** The switches with the saved values, and the recipient. */
export const Editing: Story = {
  args: { state: 'editing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Tell me when a device goes offline')).toBeChecked();
    await expect(canvas.getByLabelText('Tell me when a device task fails')).not.toBeChecked();
    await expect(canvas.getByLabelText(/Access-control events/)).toBeChecked();
    await expect(
      canvas.getByText('Notifications go to Rita Resident (resident@riverside.example)'),
    ).toBeInTheDocument();
  },
};
export const Dirty: Story = {
  args: { state: 'dirty' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText(/Access-control events/)).not.toBeChecked();
  },
};
export const Saving: Story = {
  args: { state: 'saving' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Approve' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
export const Failed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Internal server error');
  },
};
