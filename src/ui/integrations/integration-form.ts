import {
  type Integration,
  IntegrationCreateSchema,
  IntegrationUpdateSchema,
} from '../../contract/entities/integration';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import { passwordShown } from '../../machines/entity-form/entity-form.normalise';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the integration page edits. */
export interface IntegrationValues extends FormValues {
  name: string;
  /** The group (null: project level); chosen when the integration is made, fixed after. */
  domain: ListRow | null;
  url: string;
  user: string;
  /** The stored password shows as a placeholder and is sent as null when unchanged (7.9). */
  password: string;
  /** A certificate file chosen on this computer (its PEM text), uploaded once saved. */
  certificate: string;
  certificate_name: string;
  /** Remove the stored certificate file when saved. */
  certificate_remove: boolean;
}

/** The error paths of the payload, on their inputs. */
const FIELD_OF: Record<string, string> = {
  'settings.url': 'url',
  'settings.user': 'user',
  'settings.password': 'password',
  domain_id: 'domain',
};

/** The integration form (section 3 "Integration", 7.1: create and update by POST, 7.9). */
export const integrationForm: EntityFormDefinition<IntegrationValues, Integration> = {
  empty: () => ({
    name: '',
    domain: null,
    url: '',
    user: '',
    password: '',
    certificate: '',
    certificate_name: '',
    certificate_remove: false,
  }),
  fromItem: (integration) => ({
    name: integration.name,
    domain: integration.domains[0] ?? null,
    url: integration.settings.url,
    user: integration.settings.user ?? '',
    password: passwordShown(integration.settings.has_password),
    certificate: '',
    certificate_name: '',
    certificate_remove: false,
  }),
  kinds: {
    name: 'requiredText',
    domain: 'raw',
    url: 'requiredText',
    user: 'text',
    password: 'password',
    certificate: 'raw',
    certificate_name: 'raw',
    certificate_remove: 'raw',
  },
  finish: (body, mode) => ({
    name: body.name,
    ...(mode === 'create' ? { domain_id: (body.domain as ListRow | null)?.id ?? null } : {}),
    settings: { url: body.url, user: body.user, password: body.password },
    // Not the integration's fields: the page's save uploads or removes the file after (services/areas/integrations).
    certificate: body.certificate || null,
    certificate_name: body.certificate_name || null,
    certificate_remove: body.certificate_remove === true,
  }),
  schemas: { create: IntegrationCreateSchema, patch: IntegrationUpdateSchema },
  fieldOf: (path) => FIELD_OF[path] ?? path.split('.')[0] ?? path,
};
