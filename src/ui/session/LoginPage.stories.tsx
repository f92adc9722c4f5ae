import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Layout } from '../shell/Layout';
import { pageOf } from '../storybook/play';
import { atLogin } from '../storybook/shell-parameters';
import { LoginPage } from './LoginPage';

/** The login page inside the layout (top bar with the language switcher), as the route shows it. */
function LoginScreen() {
  return (
    <Layout>
      <LoginPage />
    </Layout>
  );
}

const meta = { title: 'Session/Login', component: LoginScreen } satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  parameters: atLogin({ app: 'loggedOut', session: 'loggedOut' }),
  play: async ({ canvasElement }) => {
    const page = pageOf(canvasElement);
    await expect(await page.findByLabelText('Login', { exact: true })).toBeInTheDocument();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    await expect(page.queryByRole('alert')).not.toBeInTheDocument();
  },
};
export const LoginFailed: Story = {
  parameters: atLogin({ app: 'loggedOut', session: 'loginFailed' }),
  play: async ({ canvasElement }) => {
    await expect(await pageOf(canvasElement).findByRole('alert')).toHaveTextContent('Incorrect login/password');
  },
};
export const SessionExpired: Story = {
  parameters: atLogin({ app: 'loggedOut', session: 'sessionExpired' }),
  play: async ({ canvasElement }) => {
    await expect(
      await pageOf(canvasElement).findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
  },
};
export const LoggingIn: Story = {
  parameters: atLogin({ app: 'loggedOut', session: 'loggingIn' }),
  play: async ({ canvasElement }) => {
    const button = await pageOf(canvasElement).findByRole('button', { name: 'Log in' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};
