import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import './index.css';
import { createGatehouse } from './services/create-app';
import { ActorProvider } from './ui/app/actor-context';
import { createI18n } from './ui/app/i18n-resources';
import { AppRouter } from './ui/app/router';
import { SoftphoneMediaProvider } from './ui/dialer/media-context';
import { notificationText } from './ui/notifications/notification-text';

// The console's entry: i18n, the root actor and its machines, the router.
const i18n = createI18n();
const { refs, machines, navigation, attachVideo } = createGatehouse({
  changeLanguage: (locale) => {
    void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  },
  describeNotification: (notification) => notificationText(i18n.t, notification),
  translate: (key, params) => i18n.t(key, params),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <ActorProvider refs={refs} machines={machines}>
        <SoftphoneMediaProvider attachVideo={attachVideo}>
          <AppRouter navigation={navigation} />
        </SoftphoneMediaProvider>
      </ActorProvider>
    </I18nextProvider>
  </StrictMode>,
);
