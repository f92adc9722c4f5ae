import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { DeviceSchema, devicesEntity } from '../../contract/entities/device';
import { DeviceExplainSection } from '../access-explain/ExplainSections';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess, useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { useFormItem } from '../entities/use-form-item';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import type { DeviceActionHandlers } from './DeviceActions';
import { DeviceFormView } from './DeviceFormView';
import { deviceForm } from './device-form';

const LIST = '/devices';

/** Props of {@link DeviceFormPage}: the init and remote-control workflows, once wired. */
export interface DeviceFormPageProps {
  actions?: DeviceActionHandlers;
}

/** /devices/add and /devices/:id/edit: the device's form actor; a save returns to the list. */
export function DeviceFormPage({ actions }: DeviceFormPageProps = {}) {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <DeviceForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} actions={actions} />;
}

function DeviceForm({ id, actions }: { id: number | null; actions?: DeviceActionHandlers }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(devicesEntity);
  const definition = useMemo(() => deviceForm(), []);
  const formRef = useEntityForm(
    entities.devices.form,
    { id, definition, mayEdit: id === null ? access.create : access.edit },
    // Leave once the saved state has rendered, so the unsaved-changes guard sees a clean form.
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  const device = useFormItem(formRef, DeviceSchema);
  const canExplain = useMayCall('GET /access/explain');
  return (
    <>
      <DeviceFormView
        formRef={formRef}
        pickers={{
          groups: pickers.groups,
          sipNumbers: pickers.sipNumbers,
          integrations: pickers.integrations,
          integrationMacros: pickers.integrationMacros,
          integrationCameras: pickers.integrationCameras,
        }}
        onCancel={() => closePage(LIST)}
        actions={actions}
      />
      {device && canExplain ? (
        <DeviceExplainSection key={device.id} device={{ id: device.id, name: device.name, type: device.type }} />
      ) : null}
    </>
  );
}
