import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { SIDE_DRAWER_WIDTH } from '../../contract/constants';
import { type MenuCategory, visibleMenu } from '../../contract/menu';
import { selectCollapsedCategories } from '../../machines/app/app.selectors';
import { selectFeatures, selectPermissions } from '../../machines/session/session.selectors';
import { useAppActor, useSessionActor } from '../app/actor-context';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';
import { activeMenuPath } from './menu-active';

/**
 * The side menu (2.3, 2.4): categories with the entries the user's licences and
 * permissions allow, each category collapsible (state kept by the app actor).
 */
export function SideMenu() {
  const { t } = useTranslation('shell');
  const app = useAppActor();
  const session = useSessionActor();
  const permissions = useSelector(session, selectPermissions);
  const features = useSelector(session, selectFeatures);
  const collapsed = useSelector(app, selectCollapsedCategories);
  const { pathname } = useLocation();
  const menu = useMemo(() => visibleMenu(permissions, features), [permissions, features]);
  const active = activeMenuPath(menu, pathname);

  return (
    <nav
      id="side-menu"
      aria-label={t('menu.label')}
      style={{ width: SIDE_DRAWER_WIDTH }}
      className="shrink-0 overflow-y-auto border-r border-line bg-surface py-2"
    >
      {menu.map((category) => (
        <CategorySection
          key={category.id}
          category={category}
          collapsed={collapsed.includes(category.id)}
          activePath={active}
          onToggle={() => app.send({ type: 'menu.toggleCategory', category: category.id })}
        />
      ))}
    </nav>
  );
}

interface CategorySectionProps {
  category: MenuCategory;
  collapsed: boolean;
  activePath: string | null;
  onToggle: () => void;
}

function CategorySection({ category, collapsed, activePath, onToggle }: CategorySectionProps) {
  const { t } = useTranslation('menu');
  const listId = `menu-category-${category.id}`;
  return (
    <div className="px-2 pb-0.5">
      <button
        type="button"
        aria-expanded={!collapsed}
        aria-controls={collapsed ? undefined : listId}
        onClick={onToggle}
        className="flex w-full items-center justify-between rounded px-2 pt-2.5 pb-0.5 text-[11px] font-semibold tracking-wide text-muted uppercase hover:text-ink"
      >
        {t(`categories.${category.id}`)}
        <Icon name={collapsed ? 'chevronRight' : 'chevronDown'} className="size-3.5" />
      </button>
      {collapsed ? null : (
        <ul id={listId}>
          {category.entries.map((entry) => {
            const current = entry.path === activePath;
            return (
              <li key={entry.path}>
                <Link
                  to={entry.path}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'block truncate rounded-md px-2 py-1 text-[13px] leading-5',
                    current ? 'bg-brand-50 font-medium text-brand-700' : 'text-ink hover:bg-canvas',
                  )}
                >
                  {t(`entries.${entry.path}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
