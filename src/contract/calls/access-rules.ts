import { defineCalls } from '../call';
import { accessRulesEntity, availableAccessRulesEntity } from '../entities/access-rule';
import { elevatorAccessRulesEntity } from '../entities/elevator-access-rule';
import { entityCalls } from '../entity';

/**
 * Access rules (7.5): the entity and the available-access-rules picker (the shareable rules
 * the caller may hand on with a guest key); elevator access rules (7.4, under /elevators,
 * licensed like the elevators area).
 */
export const ACCESS_RULE_CALLS = defineCalls({
  ...entityCalls(accessRulesEntity),
  ...entityCalls(availableAccessRulesEntity),
  ...entityCalls(elevatorAccessRulesEntity),
});
