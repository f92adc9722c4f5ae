import { IpWhitelistCreateSchema, type IpWhitelistEntry } from '../../contract/entities/ip-blocking';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';

export interface WhitelistValues extends Record<string, unknown> {
  ip: string;
  description: string;
}

/** A whitelist entry (PUT /ip-blocking/whitelist): an address or CIDR range, and what it is. Entries are not edited. */
export const whitelistForm: EntityFormDefinition<WhitelistValues, IpWhitelistEntry> = {
  empty: () => ({ ip: '', description: '' }),
  fromItem: (entry) => ({ ip: entry.ip, description: entry.description ?? '' }),
  kinds: { ip: 'requiredText', description: 'text' },
  schemas: { create: IpWhitelistCreateSchema, patch: IpWhitelistCreateSchema },
  successCode: { create: 'ipBlocking:alerts.whitelisted' },
};
