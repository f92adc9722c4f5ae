import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { DialerMachine } from '../../machines/dialer/dialer.machine';
import { selectLeftView } from '../../machines/dialer/dialer.selectors';
import type { LeftView } from '../../machines/dialer/dialer.types';
import { cx } from '../kit/class-names';
import { ContactList } from './ContactList';
import { RecentsList } from './RecentsList';

const VIEWS: LeftView[] = ['contacts', 'recents'];

/** The left column (2.6): contacts, or the recents view, as two tabs. */
export function PeopleColumn({ dialerRef }: { dialerRef: ActorRefFrom<DialerMachine> }) {
  const { t } = useTranslation('dialer');
  const view = useSelector(dialerRef, selectLeftView);
  const show = (next: LeftView) => dialerRef.send({ type: next === 'contacts' ? 'left.contacts' : 'left.recents' });
  return (
    <section aria-label={t('panel.columns.people')} className="flex min-h-0 flex-col border-r border-line">
      <div role="tablist" aria-label={t('tabs.label')} className="flex border-b border-line px-2">
        {VIEWS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`dialer-tab-${name}`}
            aria-selected={view === name}
            aria-controls="dialer-people-panel"
            tabIndex={view === name ? 0 : -1}
            onClick={() => show(name)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowLeft')
                show(name === 'contacts' ? 'recents' : 'contacts');
            }}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              view === name ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        id="dialer-people-panel"
        role="tabpanel"
        aria-labelledby={`dialer-tab-${view}`}
        className="flex min-h-0 flex-1 flex-col"
      >
        {view === 'contacts' ? <ContactList dialerRef={dialerRef} /> : <RecentsList dialerRef={dialerRef} />}
      </div>
    </section>
  );
}
