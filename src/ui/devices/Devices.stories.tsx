import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import {
  describeCamera,
  describeGroup,
  describeIntegration,
  describeMacro,
  describeSipNumber,
} from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { DeviceFormView } from './DeviceFormView';
import { DevicesView } from './DevicesView';
import { deviceFixtures } from './device.fixtures';

const noop = () => {};
const pickers = {
  groups: frozenPicker(describeGroup),
  sipNumbers: frozenPicker(describeSipNumber),
  integrations: frozenPicker(describeIntegration),
  integrationMacros: () => frozenPicker(describeMacro),
  integrationCameras: () => frozenPicker(describeCamera),
};
/** Stand-ins for the init and remote-control workflows other pages own. */
const actions = { onInit: noop, onRemoteControl: noop };

function ListFrame({ state }: { state: keyof typeof deviceFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, deviceFixtures.list[state]);
  return (
    <div className="p-6">
      <DevicesView
        listRef={listRef}
        filters={[]}
        can={{ create: true, delete: true, export: false }}
        onAdd={noop}
        onOpen={noop}
        actions={state === 'ready' ? actions : undefined}
      />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof deviceFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, deviceFixtures.form[state]);
  return (
    <div className="p-6">
      <DeviceFormView formRef={formRef} pickers={pickers} onCancel={noop} actions={actions} />
    </div>
  );
}

/** The devices list and the device page over frozen actors. */
function DevicesStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} state={state as keyof typeof deviceFixtures.list} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof deviceFixtures.form} />
  );
}

const meta = {
  title: 'Devices/Devices',
  component: DevicesStory,
  parameters: { gatehouse: { route: { path: '/devices/*', entry: '/devices' } } },
} satisfies Meta<typeof DevicesStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Devices' });
    const panel = within(table).getByRole('row', { name: /Entrance panel/ });
    await expect(panel).toHaveTextContent('GH-DEMO-PANEL-A');
    await expect(panel).toHaveTextContent('Online');
    await expect(within(table).getByRole('row', { name: /Bike room controller/ })).toHaveTextContent('Offline');
    await expect(within(panel).getByRole('button', { name: 'Remote control of Entrance panel' })).toBeVisible();
  },
};
export const EmptyList: Story = { args: { view: 'list:empty' } };
export const ListFailed: Story = { args: { view: 'list:failed' } };
export const NewDevice: Story = {
  args: { view: 'form:creating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'New device' });
    // A new device has no init or remote control yet.
    await expect(canvas.queryByRole('button', { name: 'Init device' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('region', { name: 'SIP' })).toBeVisible();
  },
};
export const Panel: Story = {
  args: { view: 'form:panel' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Entrance panel' });
    await expect(canvas.getByRole('button', { name: 'Init device' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Face recognition' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Number-plate camera' })).not.toBeInTheDocument();
  },
};
export const LiftController: Story = {
  args: { view: 'form:liftController' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Name, row 1')).toHaveValue('Lobby');
    await expect(canvas.getByLabelText('Apartments, row 2')).toHaveValue('101, 102');
    await expect(canvas.queryByRole('region', { name: 'SIP' })).not.toBeInTheDocument();
  },
};
export const PlateCamera: Story = { args: { view: 'form:camera' } };
export const FloorMapErrors: Story = {
  args: { view: 'form:withErrors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Relays, row 2')).toHaveAccessibleDescription(
      /Value must be within 1-32/,
    );
    await expect(canvas.getByLabelText("Panel's floor, row 1")).toHaveAccessibleDescription(
      /cannot be both public and the panel's floor/,
    );
  },
};
