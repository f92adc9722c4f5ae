import { useParams } from 'react-router-dom';
import { sipTrunksEntity } from '../../contract/entities/sip-trunk';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { SipTrunkFormView } from './SipTrunkFormView';
import { sipTrunkForm } from './sip-trunk-form';

const LIST = '/sip-trunks';

/** /sip-trunks/add and /sip-trunks/:id/edit: the trunk's form actor; a save returns to the list. */
export function SipTrunkFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <SipTrunkForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function SipTrunkForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(sipTrunksEntity);
  const formRef = useEntityForm(
    entities.sipTrunks.form,
    { id, definition: sipTrunkForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return <SipTrunkFormView formRef={formRef} groups={pickers.groups} onCancel={() => closePage(LIST)} />;
}
