import { useParams, useSearchParams } from 'react-router-dom';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useMayCall } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { IntegrationFormView } from './IntegrationFormView';
import { integrationForm } from './integration-form';

/** Where Cancel and a save return when the page stack has nothing before (2.1: no list of its own). */
const BACK = '/general-settings?tab=integrations';

/** /integration/add and /integration/:id/edit: the integration's form actor; a save returns where it was opened. */
export function IntegrationFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <IntegrationForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function IntegrationForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  // Opened from a group's integrations (/integration/add?group=<id>&name=<name>): that group to start with.
  const [params] = useSearchParams();
  const groupId = params.get('group');
  const preset =
    id === null && groupId && /^\d+$/.test(groupId)
      ? { domain: { id: Number(groupId), name: params.get('name') ?? `#${groupId}` } }
      : undefined;
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const mayCreate = useMayCall('POST /integrations');
  const mayEdit = useMayCall('POST /integrations/{id}');
  const formRef = useEntityForm(
    entities.integrations.form,
    { id, definition: integrationForm, mayEdit: id === null ? mayCreate : mayEdit, preset },
    () => window.setTimeout(() => closePage(BACK), 0),
  );
  return <IntegrationFormView formRef={formRef} groups={pickers.groups} onCancel={() => closePage(BACK)} />;
}
