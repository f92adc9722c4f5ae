import { useActorRef } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { timeRulesEntity } from '../../contract/entities/time-rule';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { NotFoundPage } from '../shell/NotFoundPage';
import { ScheduleFormView } from './ScheduleFormView';
import { scheduleForm } from './schedule-form';

const LIST = '/schedules';

/** /schedules/add and /schedules/:id/edit: the schedule's form actor and its preview; a save returns to the list. */
export function ScheduleFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <ScheduleForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function ScheduleForm({ id }: { id: number | null }) {
  const { entities, schedulePreview } = usePageMachines();
  const { closePage } = usePageStack();
  const access = useEntityAccess(timeRulesEntity);
  const formRef = useEntityForm(
    entities.timeRules.form,
    { id, definition: scheduleForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  // The preview follows this form's values.
  const previewRef = useActorRef(schedulePreview, { input: { source: formRef } });
  return <ScheduleFormView formRef={formRef} previewRef={previewRef} onCancel={() => closePage(LIST)} />;
}
