import { type SipTrunk, SipTrunkCreateSchema, SipTrunkPatchSchema } from '../../contract/entities/sip-trunk';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import { passwordShown } from '../../machines/entity-form/entity-form.normalise';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the SIP trunk page edits. */
export interface SipTrunkValues extends FormValues {
  name: string;
  outgoing_number: string;
  termination_uri: string;
  login: string;
  /** The stored password shows as a placeholder and is sent as null when unchanged (7.9). */
  password: string;
  domains: ListRow[];
}

/** The SIP trunk form (section 3, 5): groups as rows, sent as ids. */
export const sipTrunkForm: EntityFormDefinition<SipTrunkValues, SipTrunk> = {
  empty: () => ({ name: '', outgoing_number: '', termination_uri: '', login: '', password: '', domains: [] }),
  fromItem: (trunk) => ({
    name: trunk.name,
    outgoing_number: trunk.outgoing_number,
    termination_uri: trunk.termination_uri,
    login: trunk.login ?? '',
    password: passwordShown(trunk.has_password),
    domains: trunk.domains,
  }),
  kinds: {
    name: 'requiredText',
    // Not trimmed: section 5 refuses spaces, so a stray one is shown, not hidden.
    outgoing_number: 'raw',
    termination_uri: 'requiredText',
    login: 'text',
    password: 'password',
    domains: 'raw',
  },
  finish: (body) => ({ ...body, domains: (body.domains as ListRow[]).map((row) => row.id) }),
  schemas: { create: SipTrunkCreateSchema, patch: SipTrunkPatchSchema },
};
