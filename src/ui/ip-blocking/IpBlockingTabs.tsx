import { useTranslation } from 'react-i18next';
import { TabLinks } from '../kit/TabLinks';

/** The two views of /ip-blocking. */
export type IpBlockingTab = 'bans' | 'whitelist';

/** Where each view lives: banned addresses at /ip-blocking, the whitelist at /ip-blocking?tab=whitelist. */
export const ipBlockingTabPath = (tab: IpBlockingTab) =>
  tab === 'whitelist' ? '/ip-blocking?tab=whitelist' : '/ip-blocking';

export function IpBlockingTabs({ current }: { current: IpBlockingTab }) {
  const { t } = useTranslation('ipBlocking');
  return (
    <TabLinks
      label={t('tabs.label')}
      current={current}
      tabs={(['bans', 'whitelist'] as const).map((id) => ({ id, label: t(`tabs.${id}`), to: ipBlockingTabPath(id) }))}
    />
  );
}
