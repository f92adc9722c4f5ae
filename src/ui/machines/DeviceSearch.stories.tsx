import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { deviceSearchFixtures } from '../../machines/device-search/device-search.fixtures';
import { deviceSearchMachine } from '../../machines/device-search/device-search.machine';
import { loaderMachine } from '../../machines/loader/loader.machine';
import { DeviceSearchView } from '../device-search/DeviceSearchView';
import { showing } from '../storybook/machine-stories';
import { useFrozenActor } from '../storybook/use-frozen-actor';

const groups = loaderMachine.resolveState({
  value: 'loaded',
  context: { data: [{ id: 3, name: 'Building A' }], error: null },
} as never);

/** /devices/search over a frozen `deviceSearch` actor. */
function SearchStory({ state }: { state: keyof typeof deviceSearchFixtures }) {
  const searchRef = useFrozenActor(deviceSearchMachine, deviceSearchFixtures[state]);
  const groupsRef = useFrozenActor(loaderMachine, groups);
  return (
    <div className="p-6">
      <DeviceSearchView searchRef={searchRef} groupsRef={groupsRef} />
    </div>
  );
}

/** Every state of `deviceSearch` (7.4): the range, starting, devices arriving, choosing, adding, added. */
const meta = {
  title: 'Machines/Device search',
  component: SearchStory,
  parameters: { machine: 'device-search' },
} satisfies Meta<typeof SearchStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {
  name: 'editing',
  ...showing('editing'),
  play: async ({ canvasElement }) => {
    const form = await within(canvasElement).findByRole('form', { name: 'IP range' });
    await expect(within(form).getByRole('textbox', { name: 'Start IP address' })).toHaveValue('127.0.2.1');
    await expect(within(form).getByRole('button', { name: 'Search' })).toBeEnabled();
    await expect(within(canvasElement).queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Starting: Story = {
  name: 'searching.starting',
  ...showing('starting'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Starting the search…')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Stop' })).toBeEnabled();
  },
};

export const Scanning: Story = {
  name: 'searching.scanning',
  ...showing('scanning'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Searching 20 addresses…')).toBeInTheDocument();
    const table = within(canvasElement).getByRole('table', { name: 'Devices found' });
    await expect(within(table).getByText('GH-DEMO-NEW-PANEL')).toBeInTheDocument();
  },
};

export const Results: Story = {
  name: 'results',
  ...showing('results'),
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Devices found' });
    await expect(within(table).getByRole('checkbox', { name: 'Add GH-DEMO-NEW-PANEL' })).toBeChecked();
    await expect(within(table).getByRole('checkbox', { name: 'Add GH-DEMO-PANEL-A' })).toBeDisabled();
    await expect(within(table).getByText('Already in the project')).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'Add 1 device' })).toBeEnabled();
  },
};

export const Adding: Story = {
  name: 'adding',
  ...showing('adding'),
  play: async ({ canvasElement }) => {
    const add = await within(canvasElement).findByRole('button', { name: 'Add 1 device' });
    await expect(add).toHaveAttribute('aria-busy', 'true');
  },
};

export const Added: Story = {
  name: 'added',
  ...showing('added'),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('1 device was added. It connects once it has its broker settings.'),
    ).toBeInTheDocument();
    await expect(within(canvasElement).getByRole('button', { name: 'New search' })).toBeEnabled();
  },
};
