import type { Meta, StoryObj } from '@storybook/react-vite';
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

export const Loading: Story = { args: { state: 'loading' } };
export const Editing: Story = { args: { state: 'editing' } };
export const Dirty: Story = { args: { state: 'dirty' } };
export const Saving: Story = { args: { state: 'saving' } };
export const Failed: Story = { args: { state: 'failed' } };
