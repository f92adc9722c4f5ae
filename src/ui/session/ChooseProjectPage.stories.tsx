import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Layout } from '../shell/Layout';
import { pageOf } from '../storybook/play';
import { atProjectChoice } from '../storybook/shell-parameters';
import { ChooseProjectPage } from './ChooseProjectPage';

/** The project choice after a login into several projects, inside the layout. */
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
  parameters: atProjectChoice({ app: 'loggedOut', session: 'choosingProject' }),
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByRole('button', { name: /Riverside Residence/ })).toBeInTheDocument();
    await expect(page.getByRole('button', { name: /Harbour Office/ })).toBeInTheDocument();
  },
};
