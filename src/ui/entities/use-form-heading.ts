import { useSelector } from '@xstate/react';
import type * as v from 'valibot';
import { selectIsNew } from '../../machines/entity-form/entity-form.selectors';
import type { FormRef } from './form-types';
import { useFormItem } from './use-form-item';

/** The texts of an add/edit page's heading (translated by the view, so its keys stay literal). */
export interface FormHeadingTexts<T> {
  add: string;
  /** Under the title on /add only. */
  addHint?: string;
  /** While the item loads. */
  edit: string;
  /** The loaded item's own title ("Edit Lift East"). */
  named: (item: T) => string;
}

/**
 * An add/edit page's item (as its schema reads it, useFormItem), whether it is new, and its
 * heading for EntityFormPage: the add title and hint on /add, the item named on /:id/edit, the
 * plain edit title while it loads.
 */
export function useFormHeading<S extends v.GenericSchema>(
  formRef: FormRef,
  schema: S,
  texts: FormHeadingTexts<v.InferInput<S>>,
) {
  const isNew = useSelector(formRef, selectIsNew);
  const item = useFormItem(formRef, schema);
  return {
    isNew,
    item,
    title: isNew ? texts.add : item ? texts.named(item) : texts.edit,
    description: isNew ? texts.addHint : undefined,
  };
}
