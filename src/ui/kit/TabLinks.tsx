import { Link } from 'react-router-dom';
import { cx } from './class-names';

/** One view of a page, reached by a link (the URL says which view is open). */
export interface TabLink {
  id: string;
  label: string;
  /** Where the tab leads (path and query). */
  to: string;
}

/**
 * Views of one page as links under its heading ("rule sets / forward groups",
 * "all calls / SOS calls"). Links, not tab widgets: each view has its own URL,
 * so it can be shared, reloaded and reached with back and forward.
 */
export function TabLinks({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
  return (
    <nav aria-label={label} className="-mt-1 mb-1 border-b border-line">
      <ul className="flex gap-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  '-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium',
                  active ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
