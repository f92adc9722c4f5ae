import { useTranslation } from 'react-i18next';
import { TabLinks } from '../kit/TabLinks';

/** The two views of /forward-rules. */
export type ForwardTab = 'ruleSets' | 'groups';

/** Where each view lives: rule sets at /forward-rules, forward groups at /forward-rules?tab=groups. */
export const forwardTabPath = (tab: ForwardTab) => (tab === 'groups' ? '/forward-rules?tab=groups' : '/forward-rules');

export function ForwardTabs({ current }: { current: ForwardTab }) {
  const { t } = useTranslation('forwarding');
  return (
    <TabLinks
      label={t('tabs.label')}
      current={current}
      tabs={(['ruleSets', 'groups'] as const).map((id) => ({ id, label: t(`tabs.${id}`), to: forwardTabPath(id) }))}
    />
  );
}
