import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import './index.css';
import { createGatehouse } from './services/create-app';
import { ActorProvider } from './ui/app/actor-context';
import { createAppI18n } from './ui/app/i18n-app';
import { AppRouter } from './ui/app/router';
import { SoftphoneMediaProvider } from './ui/dialer/media-context';
import { notificationText } from './ui/notifications/notification-text';

// The console's entry: i18n, the root actor and its machines, the router.
const { i18n, switchTo, loadSignedIn } = createAppI18n();
/** The language asked for last; the first render waits for it, so a Russian user never sees English flash. */
let languageReady: Promise<void> = Promise.resolve();
const { refs, machines, navigation, attachVideo } = createGatehouse({
  changeLanguage: (locale) => {
    languageReady = switchTo(locale);
    document.documentElement.lang = locale;
  },
  describeNotification: (notification) => notificationText(i18n.t, notification),
  translate: (key, params) => i18n.t(key, params),
  loadSignedIn,
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
void languageReady.then(() =>
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
  ),
);
