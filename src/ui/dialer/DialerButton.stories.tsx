import type { Meta, StoryObj } from '@storybook/react-vite';
import { dialerButton } from '../../machines/dialer/dialer.rules';
import type { RegistrationStatus } from '../../machines/sip-registration/sip-registration.machine';
import { Fab } from '../shell/FloatingButtons';
import { dialerScenes } from './dialer-scenes';

const STATES = {
  loading: { registration: 'registering', scene: 'idle' },
  registered: { registration: 'registered', scene: 'idle' },
  unregistered: { registration: 'unregistered', scene: 'idle' },
  mediaDenied: { registration: 'mediaDenied', scene: 'idle' },
  error: { registration: 'error', scene: 'idle' },
  invalidRegistration: { registration: 'invalid_registration', scene: 'idle' },
  ringing: { registration: 'registered', scene: 'busy' },
} as const satisfies Record<string, { registration: RegistrationStatus; scene: keyof typeof dialerScenes }>;

/** The floating dialer button (2.3, 4) in one registration state, as the shell draws it. */
function DialerButtonStory({ state }: { state: keyof typeof STATES }) {
  const { registration, scene } = STATES[state];
  const button = dialerButton({ ...dialerScenes[scene].dialer.context, registration });
  return (
    <div className="flex items-center gap-4 p-8">
      <Fab button={button} onClick={() => {}} />
      <code className="text-xs text-muted">{`${registration}${scene === 'busy' ? ' + incoming call' : ''}`}</code>
    </div>
  );
}

const meta = {
  title: 'Dialer/Floating button',
  component: DialerButtonStory,
  argTypes: { state: { control: 'select', options: Object.keys(STATES) } },
} satisfies Meta<typeof DialerButtonStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { state: 'loading' } };
export const Registered: Story = { args: { state: 'registered' } };
export const Unregistered: Story = { args: { state: 'unregistered' } };
export const MediaDenied: Story = { args: { state: 'mediaDenied' } };
export const ConnectionError: Story = { args: { state: 'error' } };
export const InvalidRegistration: Story = { args: { state: 'invalidRegistration' } };
export const Ringing: Story = { args: { state: 'ringing' } };
