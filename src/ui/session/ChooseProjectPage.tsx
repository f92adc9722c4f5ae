import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectProjectSessions } from '../../machines/session/session.selectors';
import { useSessionActor } from '../app/actor-context';
import { Button } from '../kit/Button';
import { Icon } from '../kit/icons';
import { AuthCard } from './AuthCard';

/** /choose-project: login returned several projects; the user picks one (or goes back). */
export function ChooseProjectPage() {
  const { t } = useTranslation('session');
  const session = useSessionActor();
  const sessions = useSelector(session, selectProjectSessions);
  return (
    <AuthCard title={t('chooseProject.heading')} subtitle={t('chooseProject.hint')}>
      <ul className="space-y-2">
        {sessions.map(({ project }) => (
          <li key={project.id}>
            <button
              type="button"
              onClick={() => session.send({ type: 'session.chooseProject', projectId: project.id })}
              className="group flex w-full items-center justify-between rounded-md border border-line bg-surface px-4 py-3 text-left hover:border-brand-500 hover:bg-brand-50"
            >
              <span className="text-sm font-medium text-ink">{project.name}</span>
              <Icon name="arrowRight" className="text-muted group-hover:text-brand-600" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-4 w-full" onClick={() => session.send({ type: 'session.cancelChoice' })}>
        {t('chooseProject.back')}
      </Button>
    </AuthCard>
  );
}
