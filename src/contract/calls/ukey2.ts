import { anyOf, defineCalls, envelope, IdParamsSchema } from '../call';
import { Ukey2IssueSchema, Ukey2Schema, ukey2Entity } from '../entities/ukey2';
import { entityCalls } from '../entity';

/**
 * UKEY2 (7.5 "/ukey2/items and /ukey2/{id}, fetch only"; 6.2 view, issue, revoke): the list and
 * the item, issuing a key to a user or a mobile client, revoking one (final). No PUT, PATCH or
 * DELETE: a UKEY2 cannot be deleted (8.2). Every call needs the ukey2 licence.
 */
export const UKEY2_CALLS = defineCalls({
  ...entityCalls(ukey2Entity),
  'POST /ukey2/issue': {
    access: anyOf(['ukey2.issue'], ['ukey2']),
    body: Ukey2IssueSchema,
    response: envelope(Ukey2Schema),
  },
  'POST /ukey2/{id}/revoke': {
    access: anyOf(['ukey2.revoke'], ['ukey2']),
    params: IdParamsSchema,
    object: { entity: 'ukey2', action: 'edit' },
    response: envelope(Ukey2Schema),
  },
});
