import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeGroup, describeRuleSet, describeUser } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { sipNumberFixtures } from './sip-number.fixtures';
import { VirtualNumberFormView } from './VirtualNumberFormView';
import { VirtualNumbersView } from './VirtualNumbersView';

const noop = () => {};
const pickers = {
  users: frozenPicker(describeUser),
  groups: frozenPicker(describeGroup),
  forwardRuleSets: frozenPicker(describeRuleSet),
  forwardGroups: frozenPicker((row) => ({ primary: String(row.name) })),
};

function ListFrame({ state }: { state: keyof typeof sipNumberFixtures.list }) {
  const listRef = useFrozenActor(entityListMachine, sipNumberFixtures.list[state]);
  return (
    <div className="p-6">
      <VirtualNumbersView
        listRef={listRef}
        filters={[]}
        can={{ create: true, delete: true, export: true }}
        onAdd={noop}
        onOpen={noop}
      />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof sipNumberFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, sipNumberFixtures.form[state]);
  const rights = state === 'limited' ? { activate: false, markSystem: false } : { activate: true, markSystem: true };
  return (
    <div className="p-6">
      <VirtualNumberFormView formRef={formRef} pickers={pickers} rights={rights} onCancel={noop} />
    </div>
  );
}

/** The virtual numbers list and the number page over frozen actors. */
function VirtualNumbersStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} state={state as keyof typeof sipNumberFixtures.list} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof sipNumberFixtures.form} />
  );
}

const meta = {
  title: 'Telephony/Virtual numbers',
  component: VirtualNumbersStory,
  parameters: { gatehouse: { route: { path: '/virtual-numbers/*', entry: '/virtual-numbers' } } },
} satisfies Meta<typeof VirtualNumbersStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  args: { view: 'list:ready' },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Virtual numbers' });
    await expect(within(table).getByRole('row', { name: /100100/ })).toHaveTextContent('Master');
    await expect(within(table).getByRole('row', { name: /100300/ })).toHaveTextContent('Inactive');
  },
};
export const EmptyList: Story = { args: { view: 'list:empty' } };
export const NewNumber: Story = { args: { view: 'form:creating' } };
export const Generating: Story = {
  args: { view: 'form:generating' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Generating…' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByLabelText(/^SIP password/)).toBeDisabled();
  },
};
export const EditNumber: Story = { args: { view: 'form:editing' } };
export const DeviceNumber: Story = {
  args: { view: 'form:device' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('option', { name: 'A device' })).toBeInTheDocument();
    await expect(canvas.getByText(/from the device's own page/)).toBeInTheDocument();
  },
};
export const WithoutSystemRights: Story = {
  args: { view: 'form:limited' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Virtual number 100011' });
    await expect(canvas.queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    await expect(canvas.queryByLabelText('Purpose')).not.toBeInTheDocument();
    await expect(canvas.getByText(/permission to activate numbers/)).toBeInTheDocument();
  },
};
export const WithErrors: Story = { args: { view: 'form:withErrors' } };
export const NumberTaken: Story = {
  args: { view: 'form:taken' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('Number', { exact: true })).toHaveAccessibleDescription(
      'Value must be unique',
    );
  },
};
