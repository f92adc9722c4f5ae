import * as v from 'valibot';

/**
 * A group's own settings objects (section 3) that project settings share: a leaf module (valibot
 * only), so the project settings entity can use them without importing the group entity and the
 * modules it pulls in (an import cycle left a schema undefined at definition time).
 */
export const nullableNumber = v.nullable(v.number());

export const GuestIdentifierLimitsSchema = v.object({
  max_passes_count: nullableNumber,
  max_period_days: nullableNumber,
});

export const WhitelabelSettingsSchema = v.object({
  is_enabled: v.boolean(),
  logo: v.nullable(v.string()),
  name: v.nullable(v.string()),
  address: v.nullable(v.string()),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
});

export const AppleWalletSettingsSchema = v.object({
  is_enabled: v.boolean(),
  backfields: v.nullable(v.string()),
  background_color: v.nullable(v.string()),
  barcode_alt_text: v.nullable(v.string()),
  developer_name: v.nullable(v.string()),
  developer_name_color: v.nullable(v.string()),
  font_color: v.nullable(v.string()),
});
