import type { Meta, StoryObj } from '@storybook/react-vite';
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

export const Idle: Story = { args: { scene: 'idle' } };
export const Busy: Story = { args: { scene: 'busy' } };
export const ConfirmingEnd: Story = { args: { scene: 'confirmingEnd' } };
export const ConfirmingHold: Story = { args: { scene: 'confirmingHold' } };
export const ConfirmingReturn: Story = { args: { scene: 'confirmingReturn' } };
export const Recents: Story = { args: { scene: 'recents' } };
export const Searching: Story = { args: { scene: 'searching' } };
export const Offline: Story = { args: { scene: 'offline' } };
export const ConnectionError: Story = { args: { scene: 'connectionError' } };
export const MediaDenied: Story = { args: { scene: 'mediaDenied' } };
export const Intercepting: Story = { args: { scene: 'intercepting' } };
export const NoInterception: Story = { args: { scene: 'noInterception' } };
export const DoorSelected: Story = { args: { scene: 'doorSelected' } };
export const WaitingCallsFailed: Story = { args: { scene: 'waitingFailed' } };
export const LoadingLists: Story = { args: { scene: 'loadingLists' } };
