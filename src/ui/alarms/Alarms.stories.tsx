import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { describeDevice } from '../device-tasks/describe-device';
import { frozenPicker } from '../entities/story-support';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { AlarmsView, alarmFilters } from './AlarmsView';
import { alarmsPageFixtures } from './alarms.fixtures';

const devices = frozenPicker(describeDevice);

/** The alarms page over a frozen list (its processing page is the AlarmProcessing machine's stories). */
function AlarmsScreen({ list, canDelete = true }: { list: keyof typeof alarmsPageFixtures; canDelete?: boolean }) {
  const { t } = useTranslation('alarms');
  const listRef = useFrozenActor(entityListMachine, alarmsPageFixtures[list]);
  return (
    <div className="p-6">
      <AlarmsView listRef={listRef} filters={alarmFilters(t, devices)} canDelete={canDelete} onOpen={() => {}} />
    </div>
  );
}

const meta = {
  title: 'Devices/Alarms',
  component: AlarmsScreen,
  parameters: { gatehouse: { route: { path: '/devices/alarms', entry: '/devices/alarms' } } },
} satisfies Meta<typeof AlarmsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

export const Alarms: Story = {
  args: { list: 'ready' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Device alarms' });
    await expect(rowOf(table, 'Entrance panel')).toHaveTextContent('Smoke');
    await expect(rowOf(table, 'Entrance panel')).toHaveTextContent('Active');
    await expect(rowOf(table, 'Garage gate controller')).toHaveTextContent('Cleared');
    await expect(rowOf(table, 'Basement controller')).toHaveTextContent('Processed');
    await expect(rowOf(table, 'Basement controller')).toHaveTextContent('Anna Guard');
    await expect(within(table).getByRole('checkbox', { name: 'Select Alarm 3' })).toBeEnabled();
  },
};

export const ActiveOnly: Story = {
  args: { list: 'active' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Device alarms' });
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(within(table).queryByText('Garage gate controller')).not.toBeInTheDocument();
  },
};

export const WithoutDelete: Story = {
  args: { list: 'ready', canDelete: false },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Device alarms' });
    await expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

export const NoAlarms: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No alarms')).toBeInTheDocument();
  },
};
