import type { Meta, StoryObj } from '@storybook/react-vite';
import { Layout } from '../shell/Layout';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { ChooseProjectPage } from './ChooseProjectPage';

function ChooseProjectScreen() {
  return (
    <Layout>
      <ChooseProjectPage />
    </Layout>
  );
}

const meta = { title: 'Session/Choose project', component: ChooseProjectScreen } satisfies Meta<
  typeof ChooseProjectScreen
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ChoosingProject: Story = {
  parameters: {
    gatehouse: {
      actors: { app: 'loggedOut', session: 'choosingProject' },
      route: { path: '/choose-project', entry: '/choose-project', title: { key: 'menu:pages.chooseProject' } },
    } satisfies GatehouseParameters,
  },
};
