import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { NotificationListMachine } from '../../machines/notification-list/notification-list.machine';
import {
  selectCanMarkAll,
  selectFailure,
  selectIsEmpty,
  selectIsLoading,
  selectIsMarkingAll,
  selectItems,
  selectTab,
} from '../../machines/notification-list/notification-list.selectors';
import { Button, buttonClasses } from '../kit/Button';
import { EmptyState } from '../kit/EmptyState';
import { ErrorState } from '../kit/ErrorState';
import { Icon } from '../kit/icons';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { Spinner } from '../kit/Spinner';
import { translateError } from '../kit/translate-error';
import { NotificationCard, popupHref } from './NotificationCard';
import { NotificationListFooter } from './NotificationListFooter';
import { NotificationTabs } from './NotificationTabs';

/** The /notifications list actor as the view gets it. */
export type NotificationListRef = ActorRefFrom<NotificationListMachine>;

/** The /notifications page over its list actor: tabs, cards, load more, mark all read. */
export function NotificationsPageView({ actor }: { actor: NotificationListRef }) {
  const { t } = useTranslation(['notifications', 'errors']);
  const tab = useSelector(actor, selectTab);
  const items = useSelector(actor, selectItems);
  const loading = useSelector(actor, selectIsLoading);
  const failure = useSelector(actor, selectFailure);
  const empty = useSelector(actor, selectIsEmpty);
  const canMarkAll = useSelector(actor, selectCanMarkAll);
  const markingAll = useSelector(actor, selectIsMarkingAll);

  return (
    <div className={pageWidth('full')}>
      <PageHeader
        title={t('page.title')}
        actions={
          <>
            <Link to="/notifications/settings" className={buttonClasses('ghost', 'sm')}>
              {t('page.settings')}
            </Link>
            <Button
              size="sm"
              icon={<Icon name="check" />}
              disabled={!canMarkAll}
              loading={markingAll}
              onClick={() => actor.send({ type: 'list.markAllRead' })}
            >
              {t('page.markAll')}
            </Button>
          </>
        }
      />
      <NotificationTabs current={tab} />
      <div className="mt-3 rounded-lg border border-line bg-surface shadow-xs">
        {loading ? (
          <div className="flex justify-center py-12 text-muted">
            <Spinner label={t('page.loading')} />
          </div>
        ) : failure ? (
          <ErrorState
            title={t('page.failed')}
            message={translateError(t, failure)}
            failure={failure}
            onRetry={() => actor.send({ type: 'list.retry' })}
            className="m-4"
          />
        ) : empty ? (
          <EmptyState
            icon={<Icon name="bell" className="size-6" />}
            title={t('page.empty')}
            description={t('page.emptyHint')}
            className="py-12"
          />
        ) : (
          <ul className="divide-y divide-line" aria-label={t(`page.tabs.${tab}`)}>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationCard
                  notification={n}
                  href={popupHref(n)}
                  onOpen={() => actor.send({ type: 'item.read', id: n.id })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <NotificationListFooter actor={actor} />
    </div>
  );
}
