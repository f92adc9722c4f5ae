import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ConnectionStories from '../shell/ConnectionStatus.stories';
import { showing } from '../storybook/machine-stories';

/**
 * Every state of the `realtime` machine (7.10: connecting, connected,
 * disconnected; and a token refresh before reconnecting). The first
 * connection after login says nothing; a reconnect shows a banner.
 */
const meta = {
  title: 'Machines/Realtime',
  component: ConnectionStories.component,
  parameters: { machine: 'realtime' },
} satisfies Meta<typeof ConnectionStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

const banner = (canvasElement: HTMLElement) => within(canvasElement).queryByRole('status');

/** The first connection after login: the page shows, with no banner. */
export const OnlineConnecting: Story = {
  name: 'online.connecting',
  ...showing('connecting'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Page content')).toBeInTheDocument();
    await expect(banner(canvasElement)).not.toBeInTheDocument();
  },
};

export const OnlineConnectedWatching: Story = {
  name: 'online.connected.watching',
  ...showing('connected'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Page content')).toBeInTheDocument();
    await expect(banner(canvasElement)).not.toBeInTheDocument();
  },
};

/** Closed for an expired token: a refresh, then the line is made again. */
export const Refreshing: Story = {
  name: 'refreshing',
  ...showing('refreshing'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      'Live updates paused: reconnecting…',
    );
  },
};

export const Disconnected: Story = {
  name: 'disconnected',
  ...showing('disconnected'),
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent('Live updates paused: reconnecting…');
    await expect(status).toHaveAttribute('title', 'Connection to the server was lost');
  },
};
