import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../src/ui/app/i18n-resources';
import { DialerPanelView } from '../../src/ui/dialer/DialerPanelView';
import { type DialerScene, dialerScenes } from '../../src/ui/dialer/dialer-scenes';
import { sceneActors } from '../../src/ui/dialer/use-dialer-scene';

const running: { stop: () => void }[] = [];
afterEach(() => {
  for (const actors of running.splice(0)) actors.stop();
});

/** The panel over frozen actors of a scene, with every event sent to them recorded. */
function renderPanel(scene: DialerScene) {
  const actors = sceneActors(scene);
  running.push(actors);
  const sent = {
    dialer: vi.spyOn(actors.dialerRef, 'send'),
    registration: vi.spyOn(actors.registrationRef, 'send'),
  };
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <DialerPanelView {...actors} />
    </I18nextProvider>,
  );
  const types = (spy: typeof sent.dialer) => spy.mock.calls.map(([event]) => event.type);
  return { ...actors, sent, types, user, panel: screen.getByRole('dialog', { name: 'Web dialer' }) };
}

const keypad = () => screen.getByRole('region', { name: 'Keypad' });

describe('keypad (5)', () => {
  it('shows call and backspace only once a number is entered; the keys type 1-9, *, 0, #', async () => {
    const { user } = renderPanel(dialerScenes.idle);
    expect(within(keypad()).queryByRole('button', { name: 'Call' })).not.toBeInTheDocument();
    expect(within(keypad()).queryByRole('button', { name: 'Delete the last digit' })).not.toBeInTheDocument();
    expect(within(keypad()).getByRole('button', { name: 'Video call' })).toBeEnabled();
    for (const key of ['1', '2', '*', '0', '#']) await user.click(within(keypad()).getByRole('button', { name: key }));
    expect(within(keypad()).getByLabelText('Number to call')).toHaveValue('12*0#');
    await user.click(within(keypad()).getByRole('button', { name: 'Delete the last digit' }));
    expect(within(keypad()).getByLabelText('Number to call')).toHaveValue('12*0');
    expect(within(keypad()).getByRole('button', { name: 'Call' })).toBeEnabled();
  });

  it('keeps only dialable characters when typing, and Enter or Call dials with a fresh speech id', async () => {
    const { user, sent } = renderPanel(dialerScenes.idle);
    const field = within(keypad()).getByLabelText('Number to call');
    await user.type(field, '+7 (20) 03x{Enter}');
    expect(field).toHaveValue('+72003');
    const start = sent.dialer.mock.calls.map(([e]) => e).find((e) => e.type === 'call.start');
    expect(start).toMatchObject({ type: 'call.start', video: false, number: undefined });
    expect((start as { speechId: string }).speechId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('video with no number fills in the last dialed number', async () => {
    const scene = { ...dialerScenes.idle };
    scene.dialer = { ...scene.dialer, context: { ...scene.dialer.context, lastDialed: '2003' } } as typeof scene.dialer;
    const { user } = renderPanel(scene);
    await user.click(within(keypad()).getByRole('button', { name: 'Video call' }));
    expect(within(keypad()).getByLabelText('Number to call')).toHaveValue('2003');
  });

  it('offline, calling is disabled', async () => {
    const { user } = renderPanel(dialerScenes.offline);
    await user.type(within(keypad()).getByLabelText('Number to call'), '2002');
    expect(within(keypad()).getByRole('button', { name: 'Call' })).toBeDisabled();
    expect(within(keypad()).getByRole('button', { name: 'Video call' })).toBeDisabled();
    for (const button of screen.getAllByRole('button', { name: /^Call / })) expect(button).toBeDisabled();
  });
});

describe('contacts (5)', () => {
  const contactNames = () =>
    within(screen.getByRole('list', { name: 'Contacts' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('span')?.textContent);

  it('lists every contact with the total', () => {
    renderPanel(dialerScenes.idle);
    expect(screen.getByText('5 contacts')).toBeInTheDocument();
    expect(contactNames()).toHaveLength(5);
  });

  it.each([
    ['  rITa ', ['Rita Resident']],
    ['flat 3', ['Ravi Resident']],
    ['3001', ['Door A, entrance 1']],
    ['desk 2', ['Carla Concierge']],
    ['night', ['Carla Concierge']],
  ])(
    'search %j (trimmed, case-insensitive, over user name, contact name, number, description)',
    async (text, names) => {
      const { user } = renderPanel(dialerScenes.idle);
      await user.type(screen.getByLabelText('Search contacts'), text);
      expect(contactNames()).toEqual(names);
      expect(screen.getByText(`${names.length} of 5`)).toBeInTheDocument();
      const marks = [...screen.getByRole('list', { name: 'Contacts' }).querySelectorAll('mark')];
      expect(marks.length).toBeGreaterThan(0);
      for (const mark of marks) expect(mark.textContent?.toLowerCase()).toBe(text.trim().toLowerCase());
    },
  );

  it('says when nothing matches', async () => {
    const { user } = renderPanel(dialerScenes.idle);
    await user.type(screen.getByLabelText('Search contacts'), 'zzz');
    expect(screen.getByText('No contact matches “zzz”')).toBeInTheDocument();
  });

  it('calls a contact with its name, and a click on the row puts its number on the keypad', async () => {
    const { user, sent } = renderPanel(dialerScenes.idle);
    await user.click(screen.getByRole('button', { name: 'Call Rita Resident' }));
    expect(sent.dialer).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'call.start', number: '2002', name: 'Rita Resident' }),
    );
    await user.click(screen.getByRole('button', { name: 'Put 2003 on the keypad' }));
    expect(within(keypad()).getByLabelText('Number to call')).toHaveValue('2003');
  });
});

describe('approvals (8.3)', () => {
  it.each([
    [dialerScenes.confirmingEnd, 'End the active call?', 'The active call will be ended.'],
    [dialerScenes.confirmingHold, 'Hold the active call?', 'The awaiting call will be held.'],
    [dialerScenes.confirmingReturn, 'Back to the previous call?', 'The call ended. Return to the call you held?'],
  ])('asks %#: yes and no answer the dialer', async (scene, title, message) => {
    const { user, sent, types } = renderPanel(scene);
    const dialog = screen.getByRole('alertdialog', { name: title });
    expect(dialog).toHaveTextContent(message);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(types(sent.dialer)).toContain('approval.yes');
  });

  it('no declines, and the question closes', async () => {
    const { user, sent, types } = renderPanel(dialerScenes.confirmingHold);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' }));
    expect(types(sent.dialer)).toEqual(['approval.no']);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Escape declines', async () => {
    const { user, sent, types } = renderPanel(dialerScenes.confirmingEnd);
    await user.keyboard('{Escape}');
    expect(types(sent.dialer)).toContain('approval.no');
  });
});

describe('call cards', () => {
  it('a call answered by another user is disabled and says so', () => {
    renderPanel(dialerScenes.busy);
    const taken = screen.getByRole('article', { name: 'Gate B 3002' });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    expect(taken).toHaveTextContent('Answered by another user (1002)');
    expect(
      within(taken)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([null]);
  });

  it('answer and take go through the dialer (it asks before interrupting); decline goes to the call', async () => {
    const { user, sent, dialerRef } = renderPanel(dialerScenes.busy);
    const ringing = screen.getByRole('article', { name: 'Ravi Resident 2003' });
    await user.click(within(ringing).getByRole('button', { name: 'Answer' }));
    expect(sent.dialer).toHaveBeenCalledWith({ type: 'call.accept', id: 'b9d3c0de-0000-4000-8000-00000000000a' });
    // Another normal call is active: the dialer asks before ending it.
    const question = screen.getByRole('alertdialog', { name: 'End the active call?' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    const waiting = screen.getByRole('article', { name: /3001/ });
    await user.click(within(waiting).getByRole('button', { name: 'Take the call' }));
    expect(sent.dialer).toHaveBeenCalledWith({ type: 'call.join', id: 'b9d3c0de-0000-4000-8000-00000000000b' });
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'End the active call?' })).getByRole('button', { name: 'No' }),
    );
    const callRef = dialerRef.getSnapshot().children['call-b9d3c0de-0000-4000-8000-00000000000a'] as {
      send: (e: unknown) => void;
    };
    const toCall = vi.spyOn(callRef, 'send');
    await user.click(within(ringing).getByRole('button', { name: 'Decline' }));
    expect(toCall).toHaveBeenCalledWith({ type: 'call.hangup' });
  });

  it('an active call shows its duration and the media controls; mute toggles', async () => {
    const { user } = renderPanel(dialerScenes.busy);
    const active = screen.getByRole('article', { name: 'Rita Resident 2002' });
    expect(active).toHaveTextContent('1:23');
    const mute = within(active).getByRole('button', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(within(active).getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
    for (const name of ['Turn video on', 'Open the door (#)', 'Hang up'])
      expect(within(active).getByRole('button', { name })).toBeEnabled();
    expect(within(active).getByRole('slider', { name: 'Volume' })).toHaveValue('100');
  });
});

describe('door, interception and registration', () => {
  it('opening a door needs a selected device with a token', async () => {
    const { user, sent, types } = renderPanel(dialerScenes.idle);
    const open = screen.getByRole('button', { name: 'Open the door' });
    expect(open).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Door device'), 'Service door · 3003');
    expect(sent.dialer).toHaveBeenCalledWith({ type: 'door.select', door: { token: null, sipNumber: '3003' } });
    expect(screen.getByText('This door cannot be opened remotely')).toBeInTheDocument();
    expect(open).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Door device'), 'Gate B · 3002');
    expect(open).toBeEnabled();
    await user.click(open);
    expect(types(sent.dialer)).toContain('door.open');
  });

  it('interception shows only when permitted', () => {
    renderPanel(dialerScenes.noInterception);
    expect(screen.queryByRole('region', { name: 'Call interception' })).not.toBeInTheDocument();
  });

  it('interception locks its groups while on', () => {
    renderPanel(dialerScenes.intercepting);
    const section = screen.getByRole('region', { name: 'Call interception' });
    for (const box of within(section).getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(within(section).getByText('Stop interception to change the groups')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Stop' })).toBeEnabled();
  });

  it('offline, the header offers to go online', async () => {
    const { user, sent } = renderPanel(dialerScenes.offline);
    await user.click(screen.getByRole('button', { name: 'Go online' }));
    expect(sent.registration).toHaveBeenCalledWith({ type: 'registration.start' });
  });

  it('on a connection error the header says it retries', () => {
    renderPanel(dialerScenes.connectionError);
    expect(screen.getByText('No connection to the SIP server; retrying every 5 seconds')).toBeInTheDocument();
  });
});
