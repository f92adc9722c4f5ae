import { callHistoryEntity } from '../../../src/contract/entities/call-history';
import { forwardGroupsEntity, forwardRuleSetsEntity } from '../../../src/contract/entities/forward-rule';
import { sipNumbersEntity } from '../../../src/contract/entities/sip-number';
import { sipTrunksEntity } from '../../../src/contract/entities/sip-trunk';
import { sampleCalls } from '../../../src/ui/call-history/call.fixtures';
import { sampleForwardGroups, sampleRuleSets } from '../../../src/ui/forward-rules/forward.fixtures';
import { sampleTrunks } from '../../../src/ui/sip-trunks/sip-trunk.fixtures';
import { sampleSipNumbers } from '../../../src/ui/virtual-numbers/sip-number.fixtures';
import { demoBackend } from './entity-demo';
import type { FakeCall, FakeTable } from './entity-fake-backend';

type Row = { id: number; [field: string]: unknown };
const rows = (items: unknown[]) => structuredClone(items) as Row[];

/** The demo backend plus the telephony resources (numbers, forward rules, trunks, call history). */
export function telephonyBackend(extra: Record<string, (call: FakeCall) => unknown> = {}) {
  const numbers: FakeTable = {
    contract: sipNumbersEntity,
    rows: rows(sampleSipNumbers),
    create: (body, id) =>
      ({
        ...sampleSipNumbers[4],
        ...body,
        id,
        user: body.user_id ? { id: body.user_id, name: `User ${body.user_id}`, email: null } : null,
        owner_info: null,
      }) as Row,
    patch: (row, body) => ({ ...row, ...body }),
  };
  return demoBackend(
    { 'GET /sip-numbers/generate': () => ({ data: { number: '100201', password: 'Gen3ratedPw' } }), ...extra },
    {
      sipNumbers: numbers,
      forwardRuleSets: {
        contract: forwardRuleSetsEntity,
        rows: rows(sampleRuleSets),
        create: (body, id) =>
          ({ ...body, id, sip_numbers: [], used_by: 0, created_at: '', created_by_user: null }) as Row,
      },
      forwardGroups: {
        contract: forwardGroupsEntity,
        rows: rows(sampleForwardGroups),
        create: (body, id) => ({ ...sampleForwardGroups[0], name: body.name, id, used_by: 0 }) as Row,
      },
      sipTrunks: {
        contract: sipTrunksEntity,
        rows: rows(sampleTrunks),
        create: (body, id) => ({ ...sampleTrunks[0], ...body, id, domains: [], has_password: true }) as Row,
        patch: (row, body) => ({ ...row, name: body.name ?? row.name }),
      },
      callHistory: { contract: callHistoryEntity, rows: rows(sampleCalls) },
    },
  );
}
