import * as v from 'valibot';
import { idList } from '../ids';

/**
 * Call interception settings (3, 4, 7.6; permission calls.interception): a
 * concierge intercepts the calls of chosen groups. `groups` are the chosen
 * ones, `userGroups` those the user may choose from (their own groups and the
 * groups below them). Starting needs at least one group (field error
 * `groups`: required).
 */
const ref = v.object({ id: v.number(), name: v.string() });

export const InterceptionSettingsSchema = v.object({
  isActive: v.boolean(),
  groups: v.array(ref),
  userGroups: v.array(ref),
});
export type InterceptionSettings = v.InferOutput<typeof InterceptionSettingsSchema>;

export const InterceptionUpdateSchema = v.pipe(
  v.object({
    isActive: v.boolean(),
    groups: idList(),
  }),
  v.forward(
    v.check((body) => !body.isActive || body.groups.length > 0, 'required'),
    ['groups'],
  ),
);
export type InterceptionUpdate = v.InferOutput<typeof InterceptionUpdateSchema>;
