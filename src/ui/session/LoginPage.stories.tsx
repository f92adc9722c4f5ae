import type { Meta, StoryObj } from '@storybook/react-vite';
import { Layout } from '../shell/Layout';
import type { GatehouseParameters } from '../storybook/StoryProviders';
import { LoginPage } from './LoginPage';

/** The login page inside the layout (top bar with the language switcher), as the route shows it. */
function LoginScreen() {
  return (
    <Layout>
      <LoginPage />
    </Layout>
  );
}

const at = (session: NonNullable<GatehouseParameters['actors']>['session']) => ({
  gatehouse: {
    actors: { app: 'loggedOut', session },
    route: { path: '/login', entry: '/login', title: { key: 'menu:pages.login' } },
  } satisfies GatehouseParameters,
});

const meta = { title: 'Session/Login', component: LoginScreen } satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = { parameters: at('loggedOut') };
export const LoginFailed: Story = { parameters: at('loginFailed') };
export const SessionExpired: Story = { parameters: at('sessionExpired') };
export const LoggingIn: Story = { parameters: at('loggingIn') };
