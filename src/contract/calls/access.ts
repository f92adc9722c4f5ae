import { anyOf, defineCalls, envelope } from '../call';
import { AccessExplainQuerySchema, AccessExplainSchema } from '../entities/access-explain';

/**
 * Access decisions (issue 12): the explain call. Whoever may see access rules may ask; the
 * decision counts every rule, and the chain names only the rules the caller may see
 * (docs/decisions.md, Access management).
 */
export const ACCESS_CALLS = defineCalls({
  'GET /access/explain': {
    access: anyOf(['access_rules.view', 'access_rules.view_all']),
    query: AccessExplainQuerySchema,
    response: envelope(AccessExplainSchema),
  },
});
