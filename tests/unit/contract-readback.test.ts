import type * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { InterceptionSettingsSchema, InterceptionUpdateSchema } from '../../src/contract/entities/interception';
import { NotificationSettingsPatchSchema, NotificationSettingsSchema } from '../../src/contract/entities/notification';
import { ProfilePatchSchema, ProfileSchema } from '../../src/contract/entities/profile';
import {
  AppleWalletPatchSchema,
  AppleWalletSettingsSchema,
  DomainForwardRulesPatchSchema,
  DomainForwardRulesSchema,
  GeneralSettingsPatchSchema,
  GeneralSettingsSchema,
  MailSettingsPatchSchema,
  MailSettingsSchema,
  ProjectWhitelabelPatchSchema,
  ProjectWhitelabelSchema,
  PushServerPatchSchema,
  PushServerSchema,
  SipSettingsPatchSchema,
  SipSettingsSchema,
} from '../../src/contract/entities/project-settings';
import type { EntityContract } from '../../src/contract/entity';

/**
 * The static half of tests/api/form-roundtrip.test.ts: every field a save may
 * send (each entity's create and patch schemas) is a field its item answers,
 * at any depth, so that nothing sent can be dropped without the item showing
 * it. The exceptions are listed below, each with its reason; keep them few.
 */

/** Fields sent and never answered (`entity.path.to.field`), each with why. */
const WRITE_ONLY: Record<string, string> = {
  'users.password': 'a secret: only its hash is kept (the round trip logs in with it)',
  'sip_trunks.password': 'a secret (7.9): the item answers has_password instead',
  'identifiers.value_format': 'how the value sent is written (dec or hex); the item answers value and value_hex',
};

/** Fields sent as an id and answered as the related object under another name. */
const READ_AS: Record<string, string> = {
  'users.role_id': 'role',
};

/**
 * Saves that are not entity calls but have their own GET (the forms and panels that edit one's own
 * settings, and the project settings by section), with their write-only fields and why.
 */
const SETTINGS_PAIRS: {
  name: string;
  body: v.GenericSchema;
  item: v.GenericSchema;
  writeOnly?: Record<string, string>;
}[] = [
  { name: 'profile', body: ProfilePatchSchema, item: ProfileSchema },
  { name: 'notification_settings', body: NotificationSettingsPatchSchema, item: NotificationSettingsSchema },
  { name: 'interception', body: InterceptionUpdateSchema, item: InterceptionSettingsSchema },
  {
    name: 'project_general',
    body: GeneralSettingsPatchSchema,
    item: GeneralSettingsSchema,
    writeOnly: { 'project_general.mobile_sdk_settings.api_key': 'a secret (7.9): answered as has_api_key' },
  },
  { name: 'project_sip', body: SipSettingsPatchSchema, item: SipSettingsSchema },
  { name: 'project_domain_forward_rules', body: DomainForwardRulesPatchSchema, item: DomainForwardRulesSchema },
  {
    name: 'project_push_server',
    body: PushServerPatchSchema,
    item: PushServerSchema,
    writeOnly: {
      'project_push_server.user_pass': 'a secret (7.9): answered as has_user_pass',
      'project_push_server.cert_file': 'the certificate file: answered as has_cert_file and cert_file_name',
    },
  },
  { name: 'project_whitelabel', body: ProjectWhitelabelPatchSchema, item: ProjectWhitelabelSchema },
  { name: 'project_apple_wallet', body: AppleWalletPatchSchema, item: AppleWalletSettingsSchema },
  {
    name: 'project_mail',
    body: MailSettingsPatchSchema,
    item: MailSettingsSchema,
    writeOnly: { 'project_mail.password': 'a secret (7.9): answered as has_password' },
  },
];

/** The parts of a valibot schema this checker reads: object entries, wrappers, union options, array items. */
type Schema = {
  type: string;
  entries?: Record<string, Schema>;
  wrapped?: Schema;
  options?: Schema[];
  item?: Schema;
  items?: Schema[];
};

const read = (schema: unknown) => schema as Schema;

const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'non_optional', 'non_nullable']);

function unwrap(schema: Schema): Schema {
  let s = schema;
  while (WRAPPERS.has(s.type) && s.wrapped) s = s.wrapped;
  return s;
}

/** The object shapes a value of the schema may take (through optional, nullable, unions and variants). */
function objects(schema: Schema): Schema[] {
  const s = unwrap(schema);
  if (s.entries) return [s];
  if ((s.type === 'union' || s.type === 'variant') && s.options) return s.options.flatMap(objects);
  return [];
}

/** The element schemas of an array or a tuple. */
function elements(schema: Schema): Schema[] {
  const s = unwrap(schema);
  if (s.type === 'array' && s.item) return [s.item];
  if (s.items) return s.items;
  return [];
}

/** Paths of `body` fields that no shape of `item` has at the same place. */
function unanswered(body: Schema, item: Schema, path: string): string[] {
  const missing: string[] = [];
  const itemShapes = objects(item);
  for (const shape of objects(body)) {
    for (const [key, field] of Object.entries(shape.entries ?? {})) {
      const answers = itemShapes.map((s) => s.entries?.[key]).filter((x): x is Schema => x !== undefined);
      if (answers.length === 0) {
        missing.push(`${path}.${key}`);
        continue;
      }
      const deeper = answers.map((answer) => [
        ...unanswered(field, answer, `${path}.${key}`),
        ...elements(field).flatMap((b) =>
          elements(answer).length === 0 ? [] : elementsUnanswered(b, elements(answer), `${path}.${key}`),
        ),
      ]);
      // Answered when one of the item's shapes answers all of it.
      const best = deeper.reduce((a, b) => (b.length < a.length ? b : a));
      missing.push(...best);
    }
  }
  return [...new Set(missing)];
}

/** An array element is answered when some element shape of the item answers each of its fields. */
function elementsUnanswered(body: Schema, items: Schema[], path: string): string[] {
  return objects(body).flatMap((shape) => {
    const tries = items.map((item) => unanswered(shape, item, path));
    return tries.reduce((a, b) => (b.length < a.length ? b : a));
  });
}

const entityModules = import.meta.glob<Record<string, unknown>>('../../src/contract/entities/*.ts', { eager: true });
const isEntity = (x: unknown): x is EntityContract =>
  typeof x === 'object' && x !== null && ['name', 'path', 'item', 'create', 'patch', 'access'].every((key) => key in x);
const entities = Object.values(entityModules).flatMap((exports) => Object.values(exports).filter(isEntity));

describe('every field a save sends is a field its item answers', () => {
  it('finds the entity contracts', () => {
    expect(entities.map((e) => e.name)).toEqual(
      expect.arrayContaining(['users', 'roles', 'domains', 'domain_types', 'markers', 'sip_numbers', 'sip_trunks']),
    );
  });

  it.each(entities.map((e) => [e.name, e] as const))('%s: create and patch fields are item fields', (name, entity) => {
    const item = read(entity.item);
    const missing = [...unanswered(read(entity.create), item, name), ...unanswered(read(entity.patch), item, name)];
    const listed = (path: string) => path in WRITE_ONLY || path in READ_AS;
    expect(
      [...new Set(missing)].filter((path) => !listed(path)),
      'fields sent that no item field answers',
    ).toEqual([]);
  });

  it.each(SETTINGS_PAIRS.map((p) => [p.name, p] as const))('%s: saved fields are answered', (name, pair) => {
    const missing = unanswered(read(pair.body), read(pair.item), name);
    expect(missing.filter((path) => !(path in (pair.writeOnly ?? {})))).toEqual([]);
    // The write-only list names only fields that really go unanswered.
    expect(Object.keys(pair.writeOnly ?? {}).filter((path) => !missing.includes(path))).toEqual([]);
  });

  it('lists only fields that are sent and not answered, and renames onto item fields', () => {
    const missing = new Set(
      entities.flatMap((e) => [
        ...unanswered(read(e.create), read(e.item), e.name),
        ...unanswered(read(e.patch), read(e.item), e.name),
      ]),
    );
    expect(
      Object.keys({ ...WRITE_ONLY, ...READ_AS }).filter((path) => !missing.has(path)),
      'stale entries',
    ).toEqual([]);
    for (const [path, target] of Object.entries(READ_AS)) {
      const [name] = path.split('.');
      const entity = entities.find((e) => e.name === name);
      expect(objects(read(entity?.item))[0]?.entries, path).toHaveProperty(target);
    }
  });

  it('sees a field the item does not answer', () => {
    // The checker itself: a body field missing from the item, at the top and nested in an array.
    const item = {
      type: 'object',
      entries: {
        a: { type: 'string' },
        list: { type: 'array', item: { type: 'object', entries: { x: { type: 'number' } } } },
      },
    } satisfies Schema;
    const body = {
      type: 'object',
      entries: {
        a: { type: 'optional', wrapped: { type: 'string' } },
        b: { type: 'string' },
        list: {
          type: 'array',
          item: { type: 'object', entries: { x: { type: 'number' }, y: { type: 'number' } } },
        },
      },
    } satisfies Schema;
    expect(unanswered(body, item, 'sample')).toEqual(['sample.b', 'sample.list.y']);
  });
});
