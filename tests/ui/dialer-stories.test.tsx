import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import { createI18n } from '../../src/ui/app/i18n-resources';
import * as callCard from '../../src/ui/dialer/CallCard.stories';
import * as button from '../../src/ui/dialer/DialerButton.stories';
import * as panel from '../../src/ui/dialer/DialerPanel.stories';
import { endCauseKey, KNOWN_END_CAUSES } from '../../src/ui/dialer/end-cause';

/** What a user sees in each state of the dialer's stories (one story per state). */
setProjectAnnotations(preview);

const cards = composeStories(callCard);
const buttons = composeStories(button);
const panels = composeStories(panel);

describe('call card stories', () => {
  it.each([
    ['Dialing', 'Calling…', ['Hang up']],
    ['Ringing', 'Incoming call', ['Answer', 'Decline']],
    ['RingingSos', 'Incoming call', ['Answer', 'Decline']],
    ['Active', 'In call', ['Mute', 'Turn video on', 'Open the door (#)', 'Hang up']],
    ['ActiveMutedVideo', 'In call', ['Unmute', 'Turn video off', 'Hang up']],
    ['NewAwaiting', 'New', ['Take the call', 'End the call']],
    ['Paused', 'Waiting', ['Take the call', 'End the call']],
    ['Joining', 'Joining…', ['End the call']],
    ['ActiveAwaiting', 'In call', ['Mute', 'Hold', 'End the call']],
    ['ProcessedPaused', 'On hold', ['Resume', 'End the call']],
    ['Stopping', 'Ending…', []],
    ['Destroyed', 'Ended', []],
  ] as const)('%s shows %s and its controls', async (name, status, controls) => {
    const Story = cards[name];
    render(<Story />);
    const article = await screen.findByRole('article');
    expect(article).toHaveTextContent(status);
    for (const control of controls) expect(within(article).getByRole('button', { name: control })).toBeInTheDocument();
  });

  it("an ended call says why in the user's language; an unknown cause is shown as it came", async () => {
    const { unmount } = render(<cards.Destroyed />);
    expect(await screen.findByRole('article')).toHaveTextContent('Ended: hung up');
    unmount();
    const russian = composeStories(callCard, { initialGlobals: { locale: 'ru' } });
    render(<russian.Destroyed />);
    expect(await screen.findByRole('article')).toHaveTextContent('Завершён: разговор завершён');
  });

  it('every JsSIP end cause has its text in both languages', () => {
    const i18n = createI18n('en');
    for (const cause of KNOWN_END_CAUSES) {
      const key = endCauseKey(cause);
      expect(key).not.toBeNull();
      for (const lng of ['en', 'ru']) expect(i18n.exists(`dialer:${key}`, { lng }), `${lng} ${cause}`).toBe(true);
    }
    expect(endCauseKey('Something new')).toBeNull();
  });

  it('SOS calls are marked, video calls show both video slots, a taken call is disabled', async () => {
    const { unmount } = render(<cards.RingingSos />);
    expect(await screen.findByText('SOS')).toBeInTheDocument();
    unmount();
    const video = render(<cards.ActiveMutedVideo />);
    expect(screen.getByLabelText('Video from 2002')).toBeInTheDocument();
    expect(screen.getByLabelText('Your camera')).toBeInTheDocument();
    video.unmount();
    render(<cards.AnsweredByAnother />);
    expect(screen.getByRole('article')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('article')).toHaveTextContent('Answered by another user (1002)');
  });
});

describe('floating dialer button stories (4)', () => {
  it.each([
    ['Loading', 'Dialer', 'bg-success-600', true],
    ['Registered', 'Dialer', 'bg-success-600', false],
    ['Unregistered', 'Dialer: offline', 'bg-warning-600', false],
    ['MediaDenied', 'Dialer: offline', 'bg-warning-600', false],
    ['ConnectionError', 'Dialer', 'bg-danger-600', false],
    ['InvalidRegistration', 'Dialer', 'bg-danger-600', false],
    ['Ringing', 'Dialer: incoming call (1)', 'animate-vibrate', false],
  ] as const)('%s: %s, %s', async (name, label, look, busy) => {
    const Story = buttons[name];
    render(<Story />);
    const fab = await screen.findByRole('button', { name: label });
    expect(fab.className).toContain(look);
    expect(fab.getAttribute('aria-busy') === 'true').toBe(busy);
  });
});

describe('dialer panel stories', () => {
  it('Idle lists contacts and says there are no calls', async () => {
    render(<panels.Idle />);
    expect(await screen.findByText('No calls')).toBeInTheDocument();
    expect(screen.getByText('5 contacts')).toBeInTheDocument();
  });

  it('Busy shows every call of the scene', async () => {
    render(<panels.Busy />);
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('list', { name: '4 calls' })).toBeInTheDocument();
  });

  it.each([
    ['ConfirmingEnd', 'End the active call?'],
    ['ConfirmingHold', 'Hold the active call?'],
    ['ConfirmingReturn', 'Back to the previous call?'],
  ] as const)('%s asks %s', async (name, title) => {
    const Story = panels[name];
    render(<Story />);
    expect(await screen.findByRole('alertdialog', { name: title })).toBeInTheDocument();
  });

  it('Recents lists the history with outcomes', async () => {
    render(<panels.Recents />);
    const list = await screen.findByRole('list', { name: 'Recents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(list).toHaveTextContent('Outgoing · No answer');
  });

  it('Searching highlights the matches of a trimmed, case-insensitive search', async () => {
    render(<panels.Searching />);
    const list = await screen.findByRole('list', { name: 'Contacts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect([...list.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Resid', 'Resid']);
  });

  it.each([
    ['Offline', 'Offline', 'Go online'],
    ['ConnectionError', 'No connection to the SIP server; retrying every 5 seconds', 'Go offline'],
    ['MediaDenied', 'Microphone access is needed to make and take calls', 'Allow the microphone'],
  ] as const)('%s says so in the header and offers %s', async (name, status, action) => {
    const Story = panels[name];
    render(<Story />);
    expect(await screen.findByText(status)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: action })).toBeInTheDocument();
  });

  it('NoInterception has no interception panel; Intercepting has it on', async () => {
    const { unmount } = render(<panels.NoInterception />);
    await screen.findByText('No calls');
    expect(screen.queryByText('Call interception')).not.toBeInTheDocument();
    unmount();
    render(<panels.Intercepting />);
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('WaitingCallsFailed shows the error with a retry; LoadingLists shows progress', async () => {
    const { unmount } = render(<panels.WaitingCallsFailed />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The waiting calls could not be loaded: Internal server error',
    );
    unmount();
    render(<panels.LoadingLists />);
    expect(await screen.findByText('Loading contacts…')).toBeInTheDocument();
    expect(screen.getByText('Loading interception…')).toBeInTheDocument();
  });

  it('DoorSelected can open its door', async () => {
    render(<panels.DoorSelected />);
    expect(await screen.findByRole('button', { name: 'Open the door' })).toBeEnabled();
  });
});
