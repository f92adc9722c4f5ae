import * as v from 'valibot';
import { WhitelabelViewSchema } from './project-settings';

/** Licensed features of the current project that gate menu entries and the dialer. */
export const LicensedFeaturesSchema = v.object({
  sip: v.boolean(),
  sip_trunks: v.boolean(),
  web_dialer: v.boolean(),
  mobile_app: v.boolean(),
  ukey2: v.boolean(),
  elevator: v.boolean(),
  amenity: v.boolean(),
  license_plate: v.boolean(),
  guest_access: v.boolean(),
});
export type LicensedFeatures = v.InferOutput<typeof LicensedFeaturesSchema>;

const storeUrl = v.pipe(v.string(), v.regex(/^https:\/\/\S+$/));
export const MobileAppLinksSchema = v.object({ app_store_url: storeUrl, play_store_url: storeUrl });
export type MobileAppLinks = v.InferOutput<typeof MobileAppLinksSchema>;

/** GET /frontend/server/settings answer. `features` is null for an anonymous caller. */
export const ServerSettingsSchema = v.object({
  version: v.string(),
  sip_proxy_host: v.nullable(v.string()),
  sip_port: v.number(),
  is_sip_enabled: v.boolean(),
  is_web_dialer_enabled: v.boolean(),
  is_self_registration_enabled: v.boolean(),
  default_locale: v.string(),
  features: v.nullable(LicensedFeaturesSchema),
  /** The mobile companion app in the stores (the QR app-store dialog); the console has defaults. */
  mobile_apps: v.optional(MobileAppLinksSchema),
  /**
   * The white label the caller sees (their group's, else the project's; project settings); before
   * login only where the installation is one project. Absent or null: the product's own look.
   */
  whitelabel: v.optional(v.nullable(WhitelabelViewSchema)),
  /** New users get the registration link unless told (the project's registration flags); logged in only. */
  send_registration_link: v.optional(v.boolean()),
});
export type ServerSettings = v.InferOutput<typeof ServerSettingsSchema>;

/** GET /frontend/resources/meta answer: what the console needs to brand itself. */
export const ResourcesMetaSchema = v.object({
  title: v.string(),
  logo_url: v.nullable(v.string()),
  locales: v.array(v.string()),
});

/** GET /countries answer item. */
export const CountrySchema = v.object({ code: v.string(), name: v.string(), dial_code: v.string() });

/** GET /info answer. */
export const InfoSchema = v.object({ name: v.string(), version: v.string(), time: v.string() });

/** GET /home/counts answer: counts of what the caller may see; absent keys are not permitted. */
export const HomeCountsSchema = v.object({
  users: v.optional(v.number()),
  roles: v.optional(v.number()),
  groups: v.optional(v.number()),
  projects: v.number(),
});
export type HomeCounts = v.InferOutput<typeof HomeCountsSchema>;
