import { useParams } from 'react-router-dom';
import { amenitiesEntity } from '../../contract/entities/amenity';
import { usePageMachines } from '../app/actor-context';
import { usePageStack } from '../app/use-page-stack';
import { useEntityAccess } from '../entities/use-access';
import { useEntityForm } from '../entities/use-entity-form';
import { usePickers } from '../entities/use-pickers';
import { NotFoundPage } from '../shell/NotFoundPage';
import { AmenityFormView } from './AmenityFormView';
import { amenityForm } from './amenity-form';

const LIST = '/amenities';

/** /amenities/add and /amenities/:id/edit: the amenity's form actor; a save returns to the list. */
export function AmenityFormPage() {
  const { id } = useParams();
  if (id !== undefined && !/^\d+$/.test(id)) return <NotFoundPage />;
  return <AmenityForm key={id ?? 'new'} id={id === undefined ? null : Number(id)} />;
}

function AmenityForm({ id }: { id: number | null }) {
  const { entities } = usePageMachines();
  const pickers = usePickers();
  const { closePage } = usePageStack();
  const access = useEntityAccess(amenitiesEntity);
  const formRef = useEntityForm(
    entities.amenities.form,
    { id, definition: amenityForm, mayEdit: id === null ? access.create : access.edit },
    () => window.setTimeout(() => closePage(LIST), 0),
  );
  return (
    <AmenityFormView
      formRef={formRef}
      groups={pickers.groups}
      accessRules={pickers.accessRules}
      onCancel={() => closePage(LIST)}
    />
  );
}
