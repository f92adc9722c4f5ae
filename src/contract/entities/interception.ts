import * as v from 'valibot';

/** A group as interception settings show it. */
export const InterceptionGroupSchema = v.object({ id: v.number(), name: v.string() });
export type InterceptionGroup = v.InferOutput<typeof InterceptionGroupSchema>;

/**
 * GET /calls/interception answer (7.6): whether interception is on, the chosen
 * groups, and the groups the user may choose from (their own and descendants).
 */
export const InterceptionSettingsSchema = v.object({
  isActive: v.boolean(),
  groups: v.array(InterceptionGroupSchema),
  userGroups: v.array(InterceptionGroupSchema),
});
export type InterceptionSettings = v.InferOutput<typeof InterceptionSettingsSchema>;

/** POST /calls/interception body: starting needs at least one group (field error `groups`, code `required`). */
export const InterceptionSaveSchema = v.object({
  isActive: v.boolean(),
  groups: v.array(v.number()),
});
export type InterceptionSave = v.InferOutput<typeof InterceptionSaveSchema>;
