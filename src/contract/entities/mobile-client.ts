import * as v from 'valibot';

/** The platforms of the mobile companion app. */
export const MOBILE_PLATFORMS = ['ios', 'android'] as const;

/**
 * A mobile client of a user (section 3): one installation of the mobile
 * companion app that logged in as the user. `sip_number` is the virtual number
 * it registers with, `ukey2` its UKEY2 identifier; both null when it has none.
 */
export const MobileClientSchema = v.object({
  id: v.number(),
  platform: v.string(),
  info: v.nullable(v.string()),
  auth_at: v.string(),
  vendor_id: v.string(),
  sip_number: v.nullable(v.string()),
  ukey2: v.nullable(v.string()),
});
export type MobileClient = v.InferOutput<typeof MobileClientSchema>;
