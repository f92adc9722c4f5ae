import { useTranslation } from 'react-i18next';
import { TabLinks } from '../kit/TabLinks';

/** The views of /system-info (2.5 queue management and web metrics among them). */
export const SYSTEM_TABS = ['info', 'logs', 'workers', 'queues', 'metrics'] as const;
export type SystemTab = (typeof SYSTEM_TABS)[number];

/** Where each view lives: /system-info, /system-info?tab=logs, … */
export const systemTabPath = (tab: SystemTab) => (tab === 'info' ? '/system-info' : `/system-info?tab=${tab}`);

export const systemTabOf = (value: string | null): SystemTab =>
  (SYSTEM_TABS as readonly string[]).includes(value ?? '') ? (value as SystemTab) : 'info';

export function SystemTabs({ current }: { current: SystemTab }) {
  const { t } = useTranslation('system');
  return (
    <TabLinks
      label={t('tabs.label')}
      current={current}
      tabs={SYSTEM_TABS.map((id) => ({ id, label: t(`tabs.${id}`), to: systemTabPath(id) }))}
    />
  );
}
