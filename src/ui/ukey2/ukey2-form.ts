import * as v from 'valibot';
import { Ukey2IssueSchema } from '../../contract/entities/ukey2';
import type { EntityFormDefinition, FormValues } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

/** What the issue dialog edits: the holder (a picked user), one of their phones (or none), a name. */
export interface Ukey2IssueValues extends FormValues {
  user: ListRow | null;
  /**
   * The phone as the select holds it: `<user id>:<mobile client id>`, '' = no phone. A phone
   * of a holder no longer chosen counts as none.
   */
  mobile_client_id: string;
  name: string;
}

/** The select's value of a holder's phone. */
export const phoneValue = (userId: number, clientId: number) => `${userId}:${clientId}`;

/** The chosen phone's id, when it is the chosen holder's. */
function phoneOf(values: Ukey2IssueValues): number | null {
  const [user, client] = values.mobile_client_id.split(':');
  return client && values.user && Number(user) === values.user.id ? Number(client) : null;
}

/** POST /ukey2/issue: the holder's id, the phone's id or null, the name (blank → null). */
export const ukey2IssueForm: EntityFormDefinition<Ukey2IssueValues> = {
  empty: () => ({ user: null, mobile_client_id: '', name: '' }),
  fromItem: () => ({ user: null, mobile_client_id: '', name: '' }),
  kinds: { name: 'text' },
  finish: (body, _mode, values) => ({
    ...body,
    user_id: values.user?.id,
    mobile_client_id: phoneOf(values),
  }),
  schemas: { create: Ukey2IssueSchema, patch: Ukey2IssueSchema },
  fieldOf: (path) => (path.startsWith('user_id') ? 'user' : (path.split('.')[0] ?? path)),
  successCode: { create: 'ukey2:issue.done' },
};

/** The view page reads the key; nothing on it is edited (UKEY2 is fetch only, 7.1). */
export const ukey2ViewForm: EntityFormDefinition = {
  empty: () => ({}),
  fromItem: () => ({}),
  kinds: {},
  schemas: { create: v.object({}), patch: v.object({}) },
  readOnlyItem: () => true,
};
