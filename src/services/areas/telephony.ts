import { callHistoryEntity } from '../../contract/entities/call-history';
import { forwardGroupsEntity, forwardRuleSetsEntity } from '../../contract/entities/forward-rule';
import { sipNumbersEntity } from '../../contract/entities/sip-number';
import { sipTrunksEntity } from '../../contract/entities/sip-trunk';
import { defineArea } from './area';

/**
 * Telephony administration (7.6): virtual numbers, forward rule sets and
 * groups, SIP trunks and call history. The softphone itself is a singleton
 * of the root actor (src/services/sip, src/services/root-actor.ts).
 */
export const telephonyArea = defineArea('telephony', ({ http, kit }) => ({
  entities: {
    sipNumbers: kit(sipNumbersEntity, {
      // "Generate" fills in a free number and a password that satisfies the rule (7.6).
      fillValues: async () => (await http.call('GET /sip-numbers/generate')).data,
    }),
    forwardRuleSets: kit(forwardRuleSetsEntity),
    forwardGroups: kit(forwardGroupsEntity),
    sipTrunks: kit(sipTrunksEntity),
    callHistory: kit(callHistoryEntity),
  },
  machines: {},
}));
