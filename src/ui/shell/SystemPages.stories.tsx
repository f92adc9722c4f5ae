import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { NotBuiltPage } from './NotBuiltPage';
import { NotFoundPage } from './NotFoundPage';

const meta = { title: 'Shell/System pages', component: NotFoundPage } satisfies Meta<typeof NotFoundPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  parameters: {
    gatehouse: { route: { path: '*', entry: '/no-such-page' } } satisfies GatehouseParameters,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await expect(canvas.getByText('There is nothing at /no-such-page.')).toBeInTheDocument();
  },
};

export const NotBuilt: Story = {
  render: () => (
    <NotBuiltPage title={{ key: 'shell:title.edit', entity: 'menu:entries./users' }} path="/users/:id/edit" />
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Users: edit arrives in a later release.')).toBeInTheDocument();
  },
};
