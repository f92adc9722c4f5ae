import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { visibleMenu } from '../../contract/menu';
import { selectFeatures, selectPermissions } from '../../machines/session/session.selectors';
import { useSessionActor } from '../app/actor-context';
import { Card } from '../kit/Card';

/** The user's visible menu entries (2.4) as a grid of links, grouped by category. */
export function QuickLinks() {
  const { t } = useTranslation(['home', 'menu']);
  const session = useSessionActor();
  const permissions = useSelector(session, selectPermissions);
  const features = useSelector(session, selectFeatures);
  const groups = useMemo(
    () =>
      visibleMenu(permissions, features)
        .map((c) => ({ ...c, entries: c.entries.filter((e) => e.path !== '/home') }))
        .filter((c) => c.entries.length > 0),
    [permissions, features],
  );
  return (
    <Card title={t('home:quickLinks')}>
      <div className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map((group) => (
          <div key={group.id}>
            <h3 className="mb-1 text-[11px] font-semibold tracking-wide text-muted uppercase">
              {t(`menu:categories.${group.id}`)}
            </h3>
            <ul className="space-y-0.5">
              {group.entries.map((entry) => (
                <li key={entry.path}>
                  <Link to={entry.path} className="text-sm text-brand-600 hover:underline">
                    {t(`menu:entries.${entry.path}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  );
}
