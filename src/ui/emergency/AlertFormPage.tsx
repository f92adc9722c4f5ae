import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmergencyAlertSchema, emergencyAlertsEntity } from '../../contract/entities/emergency-alert';
import { StartStopConfirm } from '../announces/StartStopConfirm';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { AlertFormView } from './AlertFormView';
import { alertForm } from './alert-form';

const LIST = '/emergency-alerts';

/** /emergency-alerts/add and /:id/edit: the form actor; start and stop show the new state in the aside. */
export function AlertFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <AlertForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function AlertForm({ id }: { id: number | null }) {
  const { t } = useTranslation('emergency');
  const { entities, communications } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(emergencyAlertsEntity);
  const commands = {
    start: useMayCall('POST /emergency-alerts/{id}/start'),
    stop: useMayCall('POST /emergency-alerts/{id}/stop'),
  };
  const [command, setCommand] = useState<'start' | 'stop' | null>(null);
  const formRef = useEntityForm(
    entities.emergencyAlerts.form,
    { id, definition: alertForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  const alert = useFormItem(formRef, EmergencyAlertSchema);
  return (
    <>
      <AlertFormView
        formRef={formRef}
        pickers={{ groups: pickers.groups, devices: pickers.alertDevices }}
        commands={commands}
        onCancel={() => closePage(LIST)}
        onCommand={setCommand}
      />
      {command && alert ? (
        <StartStopConfirm
          machine={communications.alertCommands[command]}
          id={alert.id}
          item={alert}
          title={t(`state.${command}Title`)}
          message={t(`state.${command}Message`, { name: alert.name })}
          confirmLabel={t(`state.${command}`)}
          successCode={`emergency:state.${command === 'start' ? 'started' : 'stopped'}`}
          tone={command === 'start' ? 'danger' : 'primary'}
          onClose={() => setCommand(null)}
          onDone={(item) => {
            setCommand(null);
            if (item) formRef.send({ type: 'form.itemChanged', item });
          }}
        />
      ) : null}
    </>
  );
}
