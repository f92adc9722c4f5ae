import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { entityFormMachine } from '../../machines/entity-form/entity-form.machine';
import { entityListMachine } from '../../machines/entity-list/entity-list.machine';
import { frozenPicker } from '../entities/story-support';
import { describeGroup } from '../entities/use-pickers';
import { useFrozenActor } from '../storybook/use-frozen-actor';
import { SipTrunkFormView } from './SipTrunkFormView';
import { SipTrunksView } from './SipTrunksView';
import { sipTrunkFixtures } from './sip-trunk.fixtures';

const noop = () => {};

function ListFrame() {
  const listRef = useFrozenActor(entityListMachine, sipTrunkFixtures.list.ready);
  return (
    <div className="p-6">
      <SipTrunksView listRef={listRef} filters={[]} can={{ create: true, delete: true }} onAdd={noop} onOpen={noop} />
    </div>
  );
}

function FormFrame({ state }: { state: keyof typeof sipTrunkFixtures.form }) {
  const formRef = useFrozenActor(entityFormMachine, sipTrunkFixtures.form[state]);
  return (
    <div className="p-6">
      <SipTrunkFormView formRef={formRef} groups={frozenPicker(describeGroup)} onCancel={noop} />
    </div>
  );
}

/** The SIP trunks list and the trunk page over frozen actors. */
function SipTrunksStory({ view }: { view: string }) {
  const [kind, state] = view.split(':') as ['list' | 'form', string];
  return kind === 'list' ? (
    <ListFrame key={view} />
  ) : (
    <FormFrame key={view} state={state as keyof typeof sipTrunkFixtures.form} />
  );
}

const meta = {
  title: 'Telephony/SIP trunks',
  component: SipTrunksStory,
  parameters: { gatehouse: { route: { path: '/sip-trunks/*', entry: '/sip-trunks' } } },
} satisfies Meta<typeof SipTrunksStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = { args: { view: 'list:ready' } };
export const NewTrunk: Story = { args: { view: 'form:creating' } };
export const EditTrunk: Story = { args: { view: 'form:editing' } };
export const ServerAddressRefused: Story = {
  args: { view: 'form:withErrors' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText(/^Termination URI/)).toHaveAccessibleDescription(
      "Cannot be this server's own address",
    );
    await expect(canvas.getByLabelText(/^Outgoing number/)).toHaveAccessibleDescription('Must not contain spaces');
  },
};
