import { useActorRef } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { usePageMachines } from '../app/actor-context';
import { AlarmProcessingView } from './AlarmProcessingView';

/** /devices/alarms/:id/edit: the alarmProcessing actor for the alarm of the path. */
export function AlarmProcessingPage() {
  const { id = '' } = useParams();
  const alarmId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : 0;
  return <AlarmProcessing key={alarmId} id={alarmId} />;
}

function AlarmProcessing({ id }: { id: number }) {
  const { alarmProcessing } = usePageMachines();
  const ref = useActorRef(alarmProcessing, { input: { id } });
  return <AlarmProcessingView processingRef={ref} />;
}
