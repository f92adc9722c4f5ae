import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { interceptionFixtures } from '../../machines/interception/interception.fixtures';
import { softphoneFixtures } from '../../machines/softphone/softphone.fixtures';
import { SoftphonePanel } from '../dialer/DialerPanel';
import { scene } from '../dialer/dialer-scenes';
import { useSoftphoneScene } from '../dialer/use-softphone-scene';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

/** What the softphone's children show when it runs them: an idle, registered dialer; interception on. */
const children = scene('idle', [], {}, { interception: interceptionFixtures.active });

/** The dialer panel as the shell renders it from a frozen `softphone` actor and the children its state runs. */
function SoftphoneStory({ state }: { state: keyof typeof softphoneFixtures }) {
  const softphoneRef = useSoftphoneScene(softphoneFixtures[state], children);
  return (
    <div className="h-screen bg-canvas">
      <p className="p-6 text-sm text-muted">Page content</p>
      <SoftphonePanel softphoneRef={softphoneRef} />
    </div>
  );
}

/**
 * Every state of the `softphone` machine: unavailable (no SIP number, no
 * proxy host, SIP or the web dialer off: no dialer at all), loading its chunk
 * and failed to (no panel yet; the alert and the retry are the machine's),
 * running, and running with call interception (permitted by 6.4).
 */
const meta = {
  title: 'Machines/Softphone',
  component: SoftphoneStory,
  parameters: { machine: 'softphone' },
} satisfies Meta<typeof SoftphoneStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unavailable: Story = {
  name: 'unavailable',
  ...showing('unavailable'),
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('Page content')).toBeInTheDocument();
    await expect(page.queryByRole('dialog', { name: 'Web dialer' })).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  name: 'loading',
  ...showing('loading'),
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('Page content')).toBeInTheDocument();
    await expect(page.queryByRole('dialog', { name: 'Web dialer' })).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'failed',
  ...showing('failed'),
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('Page content')).toBeInTheDocument();
    await expect(page.queryByRole('dialog', { name: 'Web dialer' })).not.toBeInTheDocument();
  },
};

export const Running: Story = {
  name: 'running',
  ...showing('running'),
  play: async ({ canvasElement }) => {
    const panel = await pageOf(canvasElement).findByRole('dialog', { name: 'Web dialer' });
    await expect(within(panel).getByText('Online')).toBeInTheDocument();
    await expect(within(panel).queryByRole('region', { name: 'Call interception' })).not.toBeInTheDocument();
    await expect(within(panel).getByRole('button', { name: 'Open the door' })).toBeInTheDocument();
  },
};

export const WithInterception: Story = {
  name: 'withInterception',
  ...showing('withInterception'),
  play: async ({ canvasElement }) => {
    const panel = await pageOf(canvasElement).findByRole('dialog', { name: 'Web dialer' });
    const interception = within(panel).getByRole('region', { name: 'Call interception' });
    await expect(within(interception).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  },
};
