import type { TFunction } from 'i18next';
import { BLOCK_CAUSES } from '../../contract/constants';
import { IP_BLOCK_SERVICES } from '../../contract/entities/ip-blocking';
import type { FilterDef } from '../entities/filters';

/** The banned list's filters: by service and by cause (both `equals`, as the contract allows). */
export function banFilters(t: TFunction): FilterDef[] {
  return [
    {
      kind: 'choice',
      field: 'service',
      label: t('ipBlocking:bans.fields.service'),
      rule: 'equals',
      choices: IP_BLOCK_SERVICES.map((service) => ({ value: service, label: t(`ipBlocking:services.${service}`) })),
    },
    {
      kind: 'choice',
      field: 'cause',
      label: t('ipBlocking:bans.fields.cause'),
      rule: 'equals',
      choices: BLOCK_CAUSES.map((cause) => ({ value: cause, label: t(`ipBlocking:causes.${cause}`) })),
    },
  ];
}
