import type { FastifyInstance } from 'fastify';
import { accessRulesEntity, availableAccessRulesEntity } from '../../../src/contract/entities/access-rule';
import { elevatorAccessRulesEntity } from '../../../src/contract/entities/elevator-access-rule';
import type { AppContext } from '../../context';
import { createAccessRule, deleteAccessRules, updateAccessRule } from '../../domain/access/rules/access-rule-writes';
import {
  ACCESS_RULE_COLUMNS,
  ACCESS_RULE_RELATIONS,
  AVAILABLE_RULE_COLUMNS,
  scopedAccessRules,
  scopedAvailableRules,
  selectAccessRules,
  selectAvailableRules,
  toAccessRules,
  toAvailableRules,
} from '../../domain/access/rules/access-rules';
import { requestAccessSync } from '../../domain/access/sync/request';
import type { Auth } from '../../domain/auth/auth-context';
import { createElevatorRule, deleteElevatorRules, updateElevatorRule } from '../../domain/elevators/access-rule-writes';
import {
  ELEVATOR_RULE_COLUMNS,
  ELEVATOR_RULE_RELATIONS,
  scopedElevatorRules,
  selectElevatorRules,
  toElevatorRules,
} from '../../domain/elevators/access-rules';
import { registerEntityCalls } from '../plumbing/entity-routes';

/**
 * Access rules (7.5), the available-access-rules picker, and elevator access rules (7.4,
 * licensed by the declaration). The writers answer the devices whose access changed;
 * `accessChanged` is where the access sync takes them (docs/decisions.md, Access management).
 */
export async function accessRuleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The access sync: device tasks for exactly these devices, deduplicated (a failure is logged:
  // the write stands, and the next change or a reinit sends the lists).
  const accessChanged = (auth: Auth, devices: number[]) =>
    requestAccessSync(ctx, auth.projectId, devices).catch((error: unknown) =>
      app.log.warn({ err: error }, 'access sync not requested'),
    );
  registerEntityCalls(app, {
    entity: accessRulesEntity,
    scoped: (auth) => scopedAccessRules(ctx.db, auth),
    select: selectAccessRules,
    columns: ACCESS_RULE_COLUMNS,
    relations: ACCESS_RULE_RELATIONS,
    idColumn: 'r.id',
    toItems: (rows) => toAccessRules(ctx.db, rows),
    create: async (auth, body) => {
      const { id, devices } = await createAccessRule(ctx.db, auth, body);
      await accessChanged(auth, devices);
      return id;
    },
    patch: async (auth, id, body) => {
      await accessChanged(auth, (await updateAccessRule(ctx.db, auth, id, body)).devices);
    },
    remove: async (auth, ids) => {
      const { deleted, devices } = await deleteAccessRules(ctx.db, ids);
      await accessChanged(auth, devices);
      return deleted;
    },
  });
  registerEntityCalls(app, {
    entity: availableAccessRulesEntity,
    scoped: (auth) => scopedAvailableRules(ctx.db, auth),
    select: selectAvailableRules,
    columns: AVAILABLE_RULE_COLUMNS,
    idColumn: 'r.id',
    toItems: (rows) => toAvailableRules(ctx.db, rows),
  });
  registerEntityCalls(app, {
    entity: elevatorAccessRulesEntity,
    scoped: (auth) => scopedElevatorRules(ctx.db, auth),
    select: selectElevatorRules,
    columns: ELEVATOR_RULE_COLUMNS,
    relations: ELEVATOR_RULE_RELATIONS,
    idColumn: 'r.id',
    toItems: (rows) => toElevatorRules(ctx.db, rows),
    create: async (auth, body) => {
      const { id, devices } = await createElevatorRule(ctx.db, auth, body);
      await accessChanged(auth, devices);
      return id;
    },
    patch: async (auth, id, body) => {
      await accessChanged(auth, (await updateElevatorRule(ctx.db, auth, id, body)).devices);
    },
    remove: async (auth, ids) => {
      const { deleted, devices } = await deleteElevatorRules(ctx.db, ids);
      await accessChanged(auth, devices);
      return deleted;
    },
  });
}
