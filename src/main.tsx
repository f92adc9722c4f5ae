import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import './index.css';
import { createGatehouse } from './services/create-app';
import { ActorProvider } from './ui/app/actor-context';
import { createI18n } from './ui/app/i18n-resources';
import { AppRouter } from './ui/app/router';
import { notificationText } from './ui/notifications/notification-text';

// Minimal entry written by the UI helper; the lead replaces it.
const i18n = createI18n();
const { refs, machines, navigation } = createGatehouse({
  changeLanguage: (locale) => {
    void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  },
  describeNotification: (notification) => notificationText(i18n.t, notification),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ActorProvider refs={refs} machines={machines}>
        <AppRouter navigation={navigation} />
      </ActorProvider>
    </I18nextProvider>
  </StrictMode>,
);
