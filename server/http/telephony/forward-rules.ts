import type { FastifyInstance } from 'fastify';
import { forwardGroupsEntity, forwardRuleSetsEntity } from '../../../src/contract/entities/forward-rule';
import type { AppContext } from '../../context';
import {
  createForwardGroup,
  deleteForwardGroups,
  FORWARD_GROUP_COLUMNS,
  scopedForwardGroups,
  selectForwardGroups,
  toForwardGroups,
  updateForwardGroup,
} from '../../domain/telephony/forward-groups';
import {
  createRuleSet,
  deleteRuleSets,
  RULE_SET_COLUMNS,
  scopedRuleSets,
  selectRuleSets,
  toRuleSets,
  updateRuleSet,
} from '../../domain/telephony/forward-rules';
import { registerEntityCalls } from '../plumbing/entity-routes';

/** Forward rule sets and forward groups (section 3, 5): both under the forward_rules permissions. */
export async function forwardRuleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerEntityCalls(app, {
    entity: forwardRuleSetsEntity,
    scoped: (auth) => scopedRuleSets(ctx.db, auth),
    select: selectRuleSets,
    columns: RULE_SET_COLUMNS,
    idColumn: 'f.id',
    toItems: (rows, auth) => toRuleSets(ctx.db, auth, rows),
    create: (auth, body) => createRuleSet(ctx.db, auth, body),
    patch: (auth, id, body) => updateRuleSet(ctx.db, auth, id, body),
    remove: (auth, ids) => deleteRuleSets(ctx.db, auth, ids),
  });
  registerEntityCalls(app, {
    entity: forwardGroupsEntity,
    scoped: (auth) => scopedForwardGroups(ctx.db, auth),
    select: selectForwardGroups,
    columns: FORWARD_GROUP_COLUMNS,
    idColumn: 'fg.id',
    toItems: (rows, auth) => toForwardGroups(ctx.db, auth, rows),
    create: (auth, body) => createForwardGroup(ctx.db, auth, body),
    patch: (auth, id, body) => updateForwardGroup(ctx.db, auth, id, body),
    remove: (_, ids) => deleteForwardGroups(ctx.db, ids),
  });
}
