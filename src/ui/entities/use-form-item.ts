import { useSelector } from '@xstate/react';
import * as v from 'valibot';
import { selectFormItem } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from './form-types';

/**
 * The form's loaded (or saved) item, read as its contract schema says: the
 * item when it is one (`v.is`), else null (still loading, or not that entity).
 * Views read items with this, never with a cast.
 */
export function useFormItem<S extends v.GenericSchema>(formRef: FormRef, schema: S): v.InferInput<S> | null {
  const item = useSelector(formRef, selectFormItem);
  return v.is(schema, item) ? item : null;
}
