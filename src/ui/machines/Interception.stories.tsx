import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { interceptionFixtures } from '../../machines/interception/interception.fixtures';
import { interceptionMachine } from '../../machines/interception/interception.machine';
import { InterceptionPanel } from '../dialer/InterceptionPanel';
import { showing } from '../storybook/machine-stories';
import { useFrozenActor } from '../storybook/use-frozen-actor';

/** The interception section of the dialer's tools column over a frozen `interception` actor. */
function InterceptionStory({ state }: { state: keyof typeof interceptionFixtures }) {
  const interceptionRef = useFrozenActor(interceptionMachine, interceptionFixtures[state]);
  return (
    <div className="w-72 border-x border-line bg-surface">
      <InterceptionPanel key={state} interceptionRef={interceptionRef} />
    </div>
  );
}

/** Every state of the `interception` machine (4: active or inactive; starting needs a group). */
const meta = {
  title: 'Machines/Interception',
  component: InterceptionStory,
  parameters: { machine: 'interception' },
} satisfies Meta<typeof InterceptionStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('region', { name: 'Call interception' });

/** Interception is `on`/`off`, its groups locked or not, and its button reads `action`, busy or not. */
const shows =
  (on: boolean, locked: boolean, action: 'Start' | 'Stop', busy: boolean): Story['play'] =>
  async ({ canvasElement }) => {
    const panel = within(await section(canvasElement));
    await expect(panel.getByText(on ? 'On' : 'Off')).toBeInTheDocument();
    const group = panel.getByRole('checkbox', { name: 'Building B' });
    await expect(group).toBeChecked();
    if (locked) await expect(group).toBeDisabled();
    else await expect(group).toBeEnabled();
    const button = panel.getByRole('button', { name: action });
    await expect(button.getAttribute('aria-busy') === 'true').toBe(busy);
  };

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    const panel = within(await section(canvasElement));
    await expect(panel.getByRole('status')).toHaveTextContent('Loading interception…');
    await expect(panel.queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const failure = within(await section(canvasElement)).getByRole('alert');
    await expect(failure).toHaveTextContent('Interception settings could not be loaded: Internal server error');
    await expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

export const Inactive: Story = { name: 'inactive', ...showing('inactive'), play: shows(false, false, 'Start', false) };

/** Asked to start with the chosen group: the groups lock at once. */
export const Starting: Story = { name: 'starting', ...showing('starting'), play: shows(false, true, 'Start', true) };

export const Active: Story = {
  name: 'active',
  ...showing('active'),
  play: async (context) => {
    await shows(true, true, 'Stop', false)?.(context);
    await expect(within(context.canvasElement).getByText('Stop interception to change the groups')).toBeInTheDocument();
    await expect(within(context.canvasElement).queryByRole('checkbox', { name: 'Parking' })).not.toBeInTheDocument();
  },
};

export const Stopping: Story = { name: 'stopping', ...showing('stopping'), play: shows(true, true, 'Stop', true) };
