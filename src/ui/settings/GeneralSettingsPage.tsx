import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { IntegrationsTab } from '../integrations/IntegrationsTab';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { TabLinks } from '../kit/TabLinks';
import { DevicesTab } from './DevicesTab';
import { GeneralTab } from './GeneralTab';
import { MailTab } from './MailTab';
import { PushTab } from './PushTab';
import { SipTab } from './SipTab';
import { WalletTab } from './WalletTab';
import { WhitelabelTab } from './WhitelabelTab';

/** The tabs of /general-settings: those of 2.5, then mail, devices and video platforms (docs/decisions.md). */
export const SETTINGS_TABS = [
  'general',
  'sip',
  'push',
  'whitelabel',
  'wallet',
  'mail',
  'devices',
  'integrations',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const settingsTabPath = (tab: SettingsTab) =>
  tab === 'general' ? '/general-settings' : `/general-settings?tab=${tab}`;

const PANELS: Record<SettingsTab, () => React.JSX.Element> = {
  general: GeneralTab,
  sip: SipTab,
  push: PushTab,
  whitelabel: WhitelabelTab,
  wallet: WalletTab,
  mail: MailTab,
  devices: DevicesTab,
  integrations: IntegrationsTab,
};

/**
 * /general-settings (2.5 settings tabs): one tab per part of the project
 * settings, each a summary and its form in a 900 px dialog, read-only without
 * project.change_settings. The tab is in the URL (`?tab=`), so each has a link.
 */
export function GeneralSettingsPage() {
  const { t } = useTranslation('settings');
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab: SettingsTab = (SETTINGS_TABS as readonly string[]).includes(asked ?? '')
    ? (asked as SettingsTab)
    : 'general';
  const Panel = PANELS[tab];
  return (
    <div className={pageWidth('readable')}>
      <PageHeader title={t('title')} description={t('description')} />
      <TabLinks
        label={t('tabs.label')}
        current={tab}
        tabs={SETTINGS_TABS.map((id) => ({ id, label: t(`tabs.${id}`), to: settingsTabPath(id) }))}
      />
      <div className="mt-4 space-y-4">
        <Panel key={tab} />
      </div>
    </div>
  );
}
