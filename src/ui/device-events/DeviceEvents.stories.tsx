import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { describeDevice } from '../device-tasks/describe-device';
import { frozenPicker } from '../entities/story-support';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { eventFilters } from './DeviceEventsPage';
import { DeviceEventsView } from './DeviceEventsView';
import { deviceEventsPageFixtures } from './device-events.fixtures';

const devices = frozenPicker(describeDevice);

/** The device events page over a frozen list. */
function DeviceEventsScreen({
  list,
  canExport = true,
}: {
  list: keyof typeof deviceEventsPageFixtures;
  canExport?: boolean;
}) {
  const { t } = useTranslation('deviceEvents');
  const listRef = useFrozenActor(entityListMachine, deviceEventsPageFixtures[list]);
  return (
    <div className="p-6">
      <DeviceEventsView
        listRef={listRef}
        filters={[
          { kind: 'relation', field: 'device', label: t('fields.device'), picker: devices, labels: devices.labels },
          ...eventFilters(t),
        ]}
        canExport={canExport}
      />
    </div>
  );
}

const meta = {
  title: 'Devices/Device events',
  component: DeviceEventsScreen,
  parameters: { gatehouse: { route: { path: '/devices/events', entry: '/devices/events' } } },
} satisfies Meta<typeof DeviceEventsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

export const Events: Story = {
  args: { list: 'ready' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Device events' });
    await expect(rowOf(table, 'Access denied')).toHaveTextContent('Identifier: CARD-1099 · Reason: blocked');
    await expect(rowOf(table, 'Plate read')).toHaveTextContent('Gate camera');
    await expect(rowOf(table, 'Lift called')).toHaveTextContent('Floor: 3 · Apartment: 301');
    await expect(rowOf(table, 'Alarm raised')).toHaveTextContent('Sensor: smoke');
    await expect(canvas.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  },
};

export const WithoutDownload: Story = {
  args: { list: 'ready', canExport: false },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('table', { name: 'Device events' });
    await expect(within(canvasElement).queryByRole('button', { name: 'Export to Excel' })).not.toBeInTheDocument();
  },
};

export const NoEvents: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No device events yet')).toBeInTheDocument();
  },
};
