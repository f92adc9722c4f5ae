import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMERGENCY_ALERT_STATUSES,
  type EmergencyAlert,
  EmergencyAlertSchema,
  emergencyAlertsEntity,
} from '../../contract/entities/emergency-alert';
import { StartStopConfirm } from '../announces/StartStopConfirm';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { EntityListView } from '../entities/EntityListView';
import { rowAs } from '../entities/rows';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityList } from '../entities/use-entity-list';
import { Button } from '../kit/Button';
import { alertColumns } from './alert-columns';

/** /emergency-alerts: the alerts with their state; start or stop a row; add and edit as pages. */
export function AlertsPage() {
  const { t, i18n } = useTranslation(['emergency', 'lists']);
  const { entities, communications } = usePageMachines();
  const { openPage } = usePageStack();
  const listRef = useEntityList(entities.emergencyAlerts.list, {
    defaultSort: [...emergencyAlertsEntity.defaultSort],
  });
  const access = useEntityAccess(emergencyAlertsEntity);
  const can = {
    create: access.create,
    delete: access.delete,
    start: useMayCall('POST /emergency-alerts/{id}/start'),
    stop: useMayCall('POST /emergency-alerts/{id}/stop'),
  };
  const [command, setCommand] = useState<{ alert: EmergencyAlert; command: 'start' | 'stop' } | null>(null);
  return (
    <EntityListView
      listRef={listRef}
      title={t('emergency:title')}
      description={t('emergency:subtitle')}
      columns={alertColumns(t, i18n.language)}
      filters={[
        {
          kind: 'choice',
          field: 'status',
          label: t('emergency:columns.status'),
          rule: 'equals',
          choices: EMERGENCY_ALERT_STATUSES.map((value) => ({ value, label: t(`emergency:status.${value}`) })),
        },
      ]}
      searchLabel={t('emergency:search')}
      rowLabel={(row) => String(row.name)}
      entityLabel={(count) => t('emergency:count', { count })}
      onOpen={(row) => openPage(`/emergency-alerts/${row.id}/edit`)}
      canDelete={can.delete}
      actions={
        can.create ? (
          <Button variant="primary" onClick={() => openPage('/emergency-alerts/add')}>
            {t('emergency:add')}
          </Button>
        ) : null
      }
      rowActions={
        can.start || can.stop
          ? (row) => {
              const alert = rowAs(EmergencyAlertSchema, row);
              const which = alert?.status === 'started' ? 'stop' : 'start';
              if (!alert || !can[which]) return null;
              return (
                <Button size="sm" variant="ghost" onClick={() => setCommand({ alert, command: which })}>
                  {t(`emergency:state.${which}`)}
                </Button>
              );
            }
          : undefined
      }
    >
      {command ? (
        <StartStopConfirm
          machine={communications.alertCommands[command.command]}
          id={command.alert.id}
          item={command.alert}
          title={t(`emergency:state.${command.command}Title`)}
          message={t(`emergency:state.${command.command}Message`, { name: command.alert.name })}
          confirmLabel={t(`emergency:state.${command.command}`)}
          successCode={`emergency:state.${command.command === 'start' ? 'started' : 'stopped'}`}
          tone={command.command === 'start' ? 'danger' : 'primary'}
          onClose={() => setCommand(null)}
          onDone={() => {
            setCommand(null);
            listRef.send({ type: 'list.refresh' });
          }}
        />
      ) : null}
    </EntityListView>
  );
}
