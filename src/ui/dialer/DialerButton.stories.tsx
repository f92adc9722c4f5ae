import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';
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

/** The floating dialer button (2.3, 4) in one registration state, as the shell draws it, with that state's words. */
function DialerButtonStory({ state }: { state: keyof typeof STATES }) {
  const { t } = useTranslation('dialer');
  const { registration, scene } = STATES[state];
  const button = dialerButton({ ...dialerScenes[scene].dialer.context, registration });
  return (
    <div className="flex items-center gap-4 p-8">
      <Fab button={button} onClick={() => {}} />
      <span className="text-xs text-muted">
        {t(`registration.${registration}`)}
        {scene === 'busy' ? ` · ${t('status.ringing')}` : null}
      </span>
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

/** The button reads `label`, is drawn `look` and is busy or not. */
const looks =
  (label: string, look: string, busy: boolean): Story['play'] =>
  async ({ canvasElement }) => {
    const fab = await within(canvasElement).findByRole('button', { name: label });
    await expect(fab.className).toContain(look);
    await expect(fab.getAttribute('aria-busy') === 'true').toBe(busy);
  };

export const Loading: Story = {
  args: { state: 'loading' },
  play: looks('Dialer: connecting…', 'bg-success-600', true),
};
export const Registered: Story = {
  args: { state: 'registered' },
  play: looks('Dialer: ready for calls', 'bg-success-600', false),
};
export const Unregistered: Story = {
  args: { state: 'unregistered' },
  play: looks('Dialer: offline, not registered', 'bg-warning-600', false),
};
export const MediaDenied: Story = {
  args: { state: 'mediaDenied' },
  play: looks('Dialer: offline, no microphone access', 'bg-warning-600', false),
};
export const ConnectionError: Story = {
  args: { state: 'error' },
  play: looks('Dialer: connection error', 'bg-danger-600', false),
};
export const InvalidRegistration: Story = {
  args: { state: 'invalidRegistration' },
  play: looks('Dialer: connection error', 'bg-danger-600', false),
};
export const Ringing: Story = {
  args: { state: 'ringing' },
  play: looks('Dialer: incoming call (1)', 'animate-vibrate', false),
};
