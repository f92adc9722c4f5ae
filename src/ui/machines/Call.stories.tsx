import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import CallCardStories from '../dialer/CallCard.stories';
import { showing } from '../storybook/machine-stories';
import { callCardShows } from '../storybook/play';

/**
 * Every state of the `call` machine, as the dialer's calls column shows the
 * call. The card's status is the spec's name for the state (4: calling,
 * active, joining, new, paused, processed_paused, destroyed).
 */
const meta = {
  title: 'Machines/Call',
  component: CallCardStories.component,
  parameters: { machine: 'call' },
} satisfies Meta<typeof CallCardStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Outgoing, ringing at the other end (status calling). */
export const WithSessionDialing: Story = {
  name: 'withSession.dialing',
  ...showing('dialing'),
  play: callCardShows('Calling…', ['Hang up']),
};

/** Incoming, ringing here (status calling). */
export const WithSessionRinging: Story = {
  name: 'withSession.ringing',
  ...showing('ringing'),
  play: callCardShows('Incoming call', ['Answer', 'Decline']),
};

export const WithSessionActive: Story = {
  name: 'withSession.active',
  ...showing('active'),
  play: async (context) => {
    await callCardShows('In call', ['Mute', 'Hang up'])(context);
    await expect(within(context.canvasElement).getByText('1:23')).toBeInTheDocument();
  },
};

export const WithSessionJoining: Story = {
  name: 'withSession.joining',
  ...showing('joining'),
  play: callCardShows('Joining…', ['End the call']),
};

/** A queued call the server holds, not yet taken. */
export const New: Story = { name: 'new', ...showing('newAwaiting'), play: callCardShows('New', ['Take the call']) };

export const Paused: Story = {
  name: 'paused',
  ...showing('paused'),
  play: callCardShows('Waiting', ['Take the call', 'End the call']),
};

export const ProcessedPaused: Story = {
  name: 'processed_paused',
  ...showing('processedPaused'),
  play: callCardShows('On hold', ['Resume', 'End the call']),
};

export const AnsweredByAnother: Story = {
  name: 'answeredByAnother',
  ...showing('answeredByAnother'),
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole('article');
    await expect(card).toHaveAttribute('aria-disabled', 'true');
    await expect(card).toHaveTextContent('Answered by another user (1002)');
    await expect(within(card).queryByRole('button', { name: 'Take the call' })).not.toBeInTheDocument();
  },
};

/** An awaiting call being stopped through the server. */
export const Stopping: Story = {
  name: 'stopping',
  ...showing('stopping'),
  play: async (context) => {
    await callCardShows('Ending…')(context);
    await expect(within(context.canvasElement).queryByRole('button', { name: 'End the call' })).not.toBeInTheDocument();
  },
};

/** Ended, shown for 5 seconds with the reason. */
export const Destroyed: Story = {
  name: 'destroyed',
  ...showing('destroyed'),
  play: callCardShows('Ended: hung up'),
};

/** Removed after those 5 seconds: the card is gone. */
export const Removed: Story = {
  name: 'removed',
  ...showing('removed'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No calls')).toBeInTheDocument();
    await expect(canvas.queryByRole('article')).not.toBeInTheDocument();
  },
};
