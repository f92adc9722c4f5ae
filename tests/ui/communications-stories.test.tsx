import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as announces from '../../src/ui/announces/Announces.stories';
import * as poll from '../../src/ui/announces/PollView.stories';
import * as inbox from '../../src/ui/conversations/Conversations.stories';
import * as thread from '../../src/ui/conversations/ConversationView.stories';
import * as alerts from '../../src/ui/emergency/Alerts.stories';

/**
 * What a user sees in each state of the communications views (one story per
 * state, rendered over frozen actors from the fixtures).
 */
setProjectAnnotations(preview);

const stories = {
  thread: composeStories(thread),
  inbox: composeStories(inbox),
  poll: composeStories(poll),
  announces: composeStories(announces),
  alerts: composeStories(alerts),
};
const show = async (Story: ComponentType) => render(<Story />);

describe('conversation thread stories', () => {
  it('Loading and Failed', async () => {
    const { unmount } = await show(stories.thread.Loading);
    expect(await screen.findByText('Loading the conversation…')).toBeInTheDocument();
    unmount();
    await show(stories.thread.Failed);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Item not found');
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('Ready: messages oldest first, own ones as "You", load older, the draft in the composer', async () => {
    await show(stories.thread.Ready);
    expect(await screen.findByRole('heading', { name: 'Parcel at the desk' })).toBeInTheDocument();
    const messages = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringContaining('Cora Concierge'),
      expect.stringContaining('You'),
      expect.stringContaining('the desk is open until eight'),
      expect.stringContaining('Great, see you then.'),
    ]);
    expect(screen.getByRole('button', { name: 'Load older messages' })).toBeInTheDocument();
    expect(screen.getByLabelText('Write a message')).toHaveValue('On my way');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('LoadingOlder, Sending and both at once', async () => {
    const first = await show(stories.thread.LoadingOlder);
    expect(await screen.findByText('Loading older messages…')).toBeInTheDocument();
    first.unmount();
    const second = await show(stories.thread.Sending);
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(screen.getByLabelText('Write a message')).toBeDisabled();
    second.unmount();
    await show(stories.thread.LoadingOlderWhileSending);
    expect(await screen.findByText('Loading older messages…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  });

  it('Observing: no composer, a note instead; the beginning is reached', async () => {
    await show(stories.thread.Observing);
    expect(await screen.findByText(/do not take part/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Write a message')).not.toBeInTheDocument();
    expect(screen.getByText('This is the beginning of the conversation.')).toBeInTheDocument();
  });
});

describe('conversation inbox stories', () => {
  it('WithUnread: unread marker, interlocutor, last message', async () => {
    await show(stories.inbox.WithUnread);
    const row = (await screen.findByText('Parcel at the desk')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('status', { name: '2 unread messages' })).toHaveTextContent('2');
    expect(within(row).getByText('Cora Concierge')).toBeInTheDocument();
    const read = screen.getByText('Parking permit renewal').closest('tr') as HTMLElement;
    expect(within(read).queryByRole('status')).not.toBeInTheDocument();
    expect(within(read).getByText(/You:/)).toBeInTheDocument();
  });

  it('NewConversationWithErrors: the recipient and the message are required', async () => {
    await show(stories.inbox.NewConversationWithErrors);
    const dialog = await screen.findByRole('dialog', { name: 'New conversation' });
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Parcel');
  });
});

describe('poll page stories', () => {
  it('Answering: radio options, own answer, send', async () => {
    await show(stories.poll.Answering);
    expect(await screen.findByRole('heading', { name: 'Which colour for the entrance hall?' })).toBeInTheDocument();
    expect(screen.getByText('From Administrator')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Warm white' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sand' })).not.toBeChecked();
    expect(screen.getByLabelText('Your own answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the answer' })).toBeEnabled();
  });

  it('NeedsAnAnswer shows the rule of section 5; Sending locks the form', async () => {
    const first = await show(stories.poll.NeedsAnAnswer);
    expect(await screen.findByText('Needs answers or a custom response')).toBeInTheDocument();
    first.unmount();
    await show(stories.poll.Sending);
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
  });

  it('Answered, Closed, Information', async () => {
    const answered = await show(stories.poll.Answered);
    expect(await screen.findByText('Your answer')).toBeInTheDocument();
    expect(screen.getByText('Sage green')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the answer' })).toBeInTheDocument();
    answered.unmount();
    const closed = await show(stories.poll.Closed);
    expect(await screen.findByText('This poll is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the answer' })).not.toBeInTheDocument();
    closed.unmount();
    await show(stories.poll.Information);
    expect(await screen.findByText(/water supply is off/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});

describe('announce stories', () => {
  it('List: status, schedule, counts and row commands', async () => {
    await show(stories.announces.List);
    const started = (await screen.findByText('Hall paint')).closest('tr') as HTMLElement;
    expect(within(started).getByText('Started')).toBeInTheDocument();
    expect(within(started).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    const scheduled = screen.getByText('Water').closest('tr') as HTMLElement;
    expect(within(scheduled).getByText(/^Starts /)).toBeInTheDocument();
    expect(within(scheduled).getByRole('button', { name: 'Start now' })).toBeInTheDocument();
  });

  it('PollWithErrors: recipients and poll answers (section 5)', async () => {
    await show(stories.announces.PollWithErrors);
    expect(await screen.findByText('Choose at least one recipient')).toBeInTheDocument();
    expect(screen.getByText('Needs answers or a custom response')).toBeInTheDocument();
    expect(screen.getByText('No answers yet.')).toBeInTheDocument();
  });

  it('Started: read-only, with its state and stop', async () => {
    await show(stories.announces.Started);
    expect(await screen.findByText('A started announcement can no longer be changed.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    const state = screen.getByRole('region', { name: 'State' });
    expect(within(state).getByText('42')).toBeInTheDocument();
    expect(within(state).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('NewAnnounce: information by e-mail by default (section 9), no poll answers', async () => {
    await show(stories.announces.NewAnnounce);
    expect(await screen.findByRole('combobox', { name: 'Type' })).toHaveValue('info');
    expect(screen.queryByRole('group', { name: 'Answers to choose from' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Send by' })).toHaveValue('email');
  });
});

describe('emergency alert stories', () => {
  it('List and Playing state', async () => {
    const list = await show(stories.alerts.List);
    const row = (await screen.findByText('Fire evacuation')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Playing')).toBeInTheDocument();
    expect(within(row).getByText('120 s')).toBeInTheDocument();
    list.unmount();
    await show(stories.alerts.Playing);
    const state = await screen.findByRole('region', { name: 'State' });
    expect(within(state).getByRole('button', { name: 'Stop the alert' })).toBeInTheDocument();
    expect(screen.getByText('Stored audio')).toBeInTheDocument();
  });

  it('NewAlert has the defaults of section 9; WithErrors shows the recipients rule', async () => {
    const created = await show(stories.alerts.NewAlert);
    expect(await screen.findByRole('combobox', { name: 'Device type' })).toHaveValue('monitor');
    expect(screen.getByLabelText('Playback duration, seconds')).toHaveValue('60');
    created.unmount();
    await show(stories.alerts.WithErrors);
    expect(await screen.findByText('Choose at least one recipient')).toBeInTheDocument();
    expect(screen.getByText('A siren will be generated on save.')).toBeInTheDocument();
  });
});
