import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import LayoutStories from '../shell/Layout.stories';
import { pageOf } from '../storybook/play';
import { atHome } from '../storybook/shell-parameters';

/**
 * The `alerts` machine has no states of its own (its root only holds the
 * alerts): one story, the alerts area of 2.3 with one alert of each kind.
 */
const meta = {
  title: 'Machines/Alerts',
  component: LayoutStories.component,
  parameters: { machine: 'alerts' },
} satisfies Meta<typeof LayoutStories.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Root: Story = {
  name: '(root)',
  parameters: { ...atHome({ app: 'loggedIn', session: 'ready', alerts: 'eachKind' }), fixture: 'eachKind' },
  play: async ({ canvasElement }) => {
    const area = await pageOf(canvasElement).findByRole('region', { name: 'Alerts' });
    await expect(within(area).getAllByRole('alert')).toHaveLength(2);
    for (const text of ['Item not found', 'Wrong parameters', 'Profile saved', 'Password changed'])
      await expect(within(area).getByText(text)).toBeInTheDocument();
  },
};
