import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { pageOf } from '../storybook/play';
import { DialerPanelView } from './DialerPanelView';
import { type DialerScene, dialerScenes } from './dialer-scenes';
import { useDialerScene } from './use-dialer-scene';

function Frame({ scene }: { scene: DialerScene }) {
  const refs = useDialerScene(scene);
  return <DialerPanelView {...refs} />;
}

/** The web dialer panel over frozen actors of one scene (a dialer state with its calls and lists). */
function DialerPanelStory({ scene }: { scene: keyof typeof dialerScenes }) {
  return <Frame key={scene} scene={dialerScenes[scene]} />;
}

const meta = {
  title: 'Dialer/Panel',
  component: DialerPanelStory,
  argTypes: { scene: { control: 'select', options: Object.keys(dialerScenes) } },
} satisfies Meta<typeof DialerPanelStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Idle: the contacts, and no calls. */
export const Idle: Story = {
  args: { scene: 'idle' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('No calls')).toBeInTheDocument();
    await expect(page.getByText('5 contacts')).toBeInTheDocument();
  },
};
/** Every call of the scene. */
export const Busy: Story = {
  args: { scene: 'busy' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findAllByRole('article')).toHaveLength(4);
    await expect(page.getByRole('list', { name: '4 calls' })).toBeInTheDocument();
  },
};
const asks =
  (title: string): Story['play'] =>
  async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('alertdialog', { name: title })).toBeInTheDocument();
  };

export const ConfirmingEnd: Story = { args: { scene: 'confirmingEnd' }, play: asks('End the active call?') };
export const ConfirmingHold: Story = { args: { scene: 'confirmingHold' }, play: asks('Hold the active call?') };
export const ConfirmingReturn: Story = {
  args: { scene: 'confirmingReturn' },
  play: asks('Back to the previous call?'),
};
/** The history with outcomes. */
export const Recents: Story = {
  args: { scene: 'recents' },
  play: async ({ canvasElement }) => {
    const list = await pageOf(canvasElement).findByRole('list', { name: 'Recents' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(list).toHaveTextContent('Outgoing · No answer');
  },
};
/** A trimmed, case-insensitive search highlights its matches. */
export const Searching: Story = {
  args: { scene: 'searching' },
  play: async ({ canvasElement }) => {
    const list = await pageOf(canvasElement).findByRole('list', { name: 'Contacts' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect([...list.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Resid', 'Resid']);
  },
};
/** The header says `status` and offers `action`. */
const says =
  (status: string, action: string): Story['play'] =>
  async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText(status)).toBeInTheDocument();
    await expect(page.getByRole('button', { name: action })).toBeInTheDocument();
  };

export const Offline: Story = { args: { scene: 'offline' }, play: says('Offline', 'Go online') };
export const ConnectionError: Story = {
  args: { scene: 'connectionError' },
  play: says('No connection to the SIP server; retrying every 5 seconds', 'Go offline'),
};
export const MediaDenied: Story = {
  args: { scene: 'mediaDenied' },
  play: says('Microphone access is needed to make and take calls', 'Allow the microphone'),
};
export const Intercepting: Story = {
  args: { scene: 'intercepting' },
  play: async ({ canvasElement }) => {
    const section = await pageOf(canvasElement).findByRole('region', { name: 'Call interception' });
    await expect(within(section).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  },
};
/** A user who may not intercept calls: no interception section. */
export const NoInterception: Story = {
  args: { scene: 'noInterception' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await page.findByText('No calls');
    await expect(page.queryByText('Call interception')).not.toBeInTheDocument();
  },
};
export const DoorSelected: Story = {
  args: { scene: 'doorSelected' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('button', { name: 'Open the door' })).toBeEnabled();
  },
};
/** The waiting calls could not be loaded: the error with a retry. */
export const WaitingCallsFailed: Story = {
  args: { scene: 'waitingFailed' },
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('alert')).toHaveTextContent(
      'The waiting calls could not be loaded: Internal server error',
    );
  },
};
export const LoadingLists: Story = {
  args: { scene: 'loadingLists' },
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByText('Loading contacts…')).toBeInTheDocument();
    await expect(page.getByText('Loading interception…')).toBeInTheDocument();
  },
};
