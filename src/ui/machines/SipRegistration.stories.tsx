import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { dialerButton } from '../../machines/dialer/dialer.rules';
import { sipRegistrationFixtures } from '../../machines/sip-registration/sip-registration.fixtures';
import { selectRegistrationStatus } from '../../machines/sip-registration/sip-registration.selectors';
import { DialerPanelView } from '../dialer/DialerPanelView';
import { type DialerScene, scene } from '../dialer/dialer-scenes';
import { useDialerScene } from '../dialer/use-dialer-scene';
import { Fab } from '../shell/FloatingButtons';
import { showing } from '../storybook/machine-stories';
import { pageOf } from '../storybook/play';

function Frame({ scene: shown }: { scene: DialerScene }) {
  const refs = useDialerScene(shown);
  return (
    <>
      <DialerPanelView {...refs} />
      <div className="fixed bottom-6 left-6">
        <Fab button={dialerButton(shown.dialer.context)} onClick={() => {}} />
      </div>
    </>
  );
}

/**
 * The dialer's floating button and panel header over a frozen
 * `sipRegistration` actor hydrated from a fixture (the dialer mirrors its status).
 */
function RegistrationStory({ state }: { state: keyof typeof sipRegistrationFixtures }) {
  const registration = sipRegistrationFixtures[state];
  return (
    <Frame
      key={state}
      scene={scene('idle', [], { registration: selectRegistrationStatus(registration) }, { registration })}
    />
  );
}

/** Every state of the `sipRegistration` machine (4, 7.11), with the media-access step before it. */
const meta = {
  title: 'Machines/SIP registration',
  component: RegistrationStory,
  parameters: { machine: 'sip-registration' },
} satisfies Meta<typeof RegistrationStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The panel header says `status`, offers `action` (or nothing), and the floating button reads `fab`. */
const shows =
  (status: string, action: string | null, fab: { label: string; busy: boolean; tone: string }): Story['play'] =>
  async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    const panel = await page.findByRole('dialog', { name: 'Web dialer' });
    const header = panel.querySelector('header') as HTMLElement;
    await expect(within(header).getByRole('status')).toHaveTextContent(status);
    for (const name of ['Go online', 'Go offline', 'Allow the microphone'])
      if (name === action) await expect(within(header).getByRole('button', { name })).toBeEnabled();
      else await expect(within(header).queryByRole('button', { name })).not.toBeInTheDocument();
    const button = page.getByRole('button', { name: fab.label });
    await expect(button.className).toContain(fab.tone);
    await expect(button.getAttribute('aria-busy') === 'true').toBe(fab.busy);
  };

const green = 'bg-success-600';

export const RequestingMedia: Story = {
  name: 'requestingMedia',
  ...showing('requestingMedia'),
  play: shows('Waiting for microphone access…', null, { label: 'Dialer: connecting…', busy: true, tone: green }),
};

export const MediaDenied: Story = {
  name: 'mediaDenied',
  ...showing('mediaDenied'),
  play: shows('Microphone access is needed to make and take calls', 'Allow the microphone', {
    label: 'Dialer: offline, no microphone access',
    busy: false,
    tone: 'bg-warning-600',
  }),
};

export const RunningRegistering: Story = {
  name: 'running.registering',
  ...showing('registering'),
  play: shows('Connecting…', 'Go offline', { label: 'Dialer: connecting…', busy: true, tone: green }),
};

export const RunningRegistered: Story = {
  name: 'running.registered',
  ...showing('registered'),
  play: shows('Online', 'Go offline', { label: 'Dialer: ready for calls', busy: false, tone: green }),
};

export const RunningUnregistering: Story = {
  name: 'running.unregistering',
  ...showing('unregistering'),
  play: shows('Going offline…', null, { label: 'Dialer: going offline…', busy: true, tone: green }),
};

export const RunningUnregistered: Story = {
  name: 'running.unregistered',
  ...showing('unregistered'),
  play: shows('Offline', 'Go online', {
    label: 'Dialer: offline, not registered',
    busy: false,
    tone: 'bg-warning-600',
  }),
};

export const RunningError: Story = {
  name: 'running.error',
  ...showing('error'),
  play: shows('No connection to the SIP server; retrying every 5 seconds', 'Go offline', {
    label: 'Dialer: connection error',
    busy: false,
    tone: 'bg-danger-600',
  }),
};

export const RunningInvalidRegistration: Story = {
  name: 'running.invalid_registration',
  ...showing('invalidRegistration'),
  play: shows('The SIP server refused the registration; retrying every 30 seconds', 'Go offline', {
    label: 'Dialer: connection error',
    busy: false,
    tone: 'bg-danger-600',
  }),
};
