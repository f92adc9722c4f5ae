import type { Meta, StoryObj } from '@storybook/react-vite';
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
};

export const NotBuilt: Story = {
  render: () => (
    <NotBuiltPage title={{ key: 'shell:title.edit', entity: 'menu:entries./users' }} path="/users/:id/edit" />
  ),
};
