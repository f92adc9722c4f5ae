import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { LoaderMachine } from '../../machines/loader/loader.machine';
import { selectProfileName, selectProjectName } from '../../machines/session/session.selectors';
import { useSessionActor } from '../app/actor-context';
import { cx } from '../kit/class-names';
import { PageHeader } from '../kit/PageHeader';
import { pageWidth } from '../kit/page-width';
import { CountCards } from './CountCards';
import { QuickLinks } from './QuickLinks';

/** Props of {@link HomeView}. */
export interface HomeViewProps {
  /** The `homeCounts` resource actor (data: HomeCounts). */
  countsRef: ActorRefFrom<LoaderMachine>;
}

/** The dashboard: greeting, counts of what the user may see, and quick links. */
export function HomeView({ countsRef }: HomeViewProps) {
  const { t } = useTranslation('home');
  const session = useSessionActor();
  const name = useSelector(session, selectProfileName) ?? '';
  const project = useSelector(session, selectProjectName) ?? '';
  return (
    <div className={cx(pageWidth('full'), 'space-y-6')}>
      <PageHeader title={t('greeting', { name })} description={t('project', { project })} />
      <CountCards countsRef={countsRef} />
      <QuickLinks />
    </div>
  );
}
