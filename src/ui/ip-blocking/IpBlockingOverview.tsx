import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { IP_BLOCKING_TOPIC } from '../../contract/realtime';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import type { TopicFeedMachine } from '../../machines/topic-feed/topic-feed.machine';
import { type IpBlockingTab, IpBlockingTabs } from './IpBlockingTabs';
import { LiveMark } from './LiveMark';
import { RecentUnbans } from './RecentUnbans';
import { StatusStrip } from './StatusStrip';

/** Props of {@link IpBlockingOverview}. */
export interface IpBlockingOverviewProps {
  tab: IpBlockingTab;
  statusRef: ActorRefFrom<LoaderMachine>;
  /** The root's topic feed (absent logged out, and in frozen stories that do not show it). */
  feedRef?: ActorRefFrom<TopicFeedMachine>;
  /** The user may look but not change anything (project.view_settings only). */
  readOnly: boolean;
}

/** What both views of the page show under its heading: the status, the recent unbans and the tabs. */
export function IpBlockingOverview({ tab, statusRef, feedRef, readOnly }: IpBlockingOverviewProps) {
  const { t } = useTranslation('ipBlocking');
  return (
    <div className="space-y-3">
      {readOnly ? <p className="-mt-2 text-[13px] text-muted">{t('readOnly')}</p> : null}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <StatusStrip statusRef={statusRef} />
        <RecentUnbans statusRef={statusRef} />
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0 flex-1">
          <IpBlockingTabs current={tab} />
        </div>
        {feedRef ? (
          <div className="pb-2">
            <LiveMark feedRef={feedRef} topic={IP_BLOCKING_TOPIC} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
