import * as v from 'valibot';

/**
 * A contact of the softphone (GET /sip-numbers/contacts): a virtual number the
 * user may call, with its owner when it has one.
 */
export const ContactSchema = v.object({
  id: v.number(),
  name: v.nullable(v.string()),
  number: v.string(),
  user: v.nullable(v.object({ id: v.number(), name: v.string(), description: v.nullable(v.string()) })),
  title: v.nullable(v.string()),
});
export type Contact = v.InferOutput<typeof ContactSchema>;
