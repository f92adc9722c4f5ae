import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { SIP_NUMBER_FIELD_RULES, sipNumbersEntity } from '../../contract/entities/sip-number';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess, useFieldRule } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { sipNumberForm } from './sip-number-form';
import { VirtualNumberFormView } from './VirtualNumberFormView';

const LIST = '/virtual-numbers';

/** /virtual-numbers/add and /virtual-numbers/:id/edit: the number's form actor; a save returns to the list. */
export function VirtualNumberFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <VirtualNumberForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function VirtualNumberForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(sipNumbersEntity);
  const activate = useFieldRule(SIP_NUMBER_FIELD_RULES.activate);
  const markSystem = useFieldRule(SIP_NUMBER_FIELD_RULES.markSystem);
  const rights = useMemo(() => ({ activate, markSystem }), [activate, markSystem]);
  const definition = useMemo(() => sipNumberForm(rights), [rights]);
  const formRef = useEntityForm(
    entities.sipNumbers.form,
    { id, definition, mayEdit: id === null ? access.create : access.edit },
    // Leave once the saved state has rendered, so the unsaved-changes guard sees a clean form.
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return <VirtualNumberFormView formRef={formRef} pickers={pickers} rights={rights} onCancel={() => closePage(LIST)} />;
}
