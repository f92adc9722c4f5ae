import { ANNOUNCE_DEFAULTS } from '../../contract/constants';
import {
  type Announce,
  AnnounceCreateSchema,
  AnnouncePatchSchema,
  type AnnounceSendVia,
  type AnnounceType,
  announceRuleErrors,
} from '../../contract/entities/announce';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';
import { fromLocalInput, toLocalInput } from '../kit/format-date';

export interface AnnounceValues extends Record<string, unknown> {
  name: string;
  description: string;
  subject: string;
  body: string;
  type: AnnounceType;
  questions: string[];
  poll_multi_answers_allowed: boolean;
  poll_user_answer_allowed: boolean;
  send_via: AnnounceSendVia;
  use_owner_info: boolean;
  users: ListRow[];
  domains: ListRow[];
  /** A `datetime-local` value; blank: start by hand. */
  execute_at: string;
}

const ids = (rows: unknown) => ((rows as ListRow[] | undefined) ?? []).map((r) => r.id);

/** Section 5 on the inputs: recipients, and a poll's answers or custom response. */
function ruleErrors(values: AnnounceValues): Record<string, FieldError> {
  const errors = announceRuleErrors({
    type: values.type,
    users: values.users,
    domains: values.domains,
    type_info: {
      questions: values.questions,
      poll_user_answer_allowed: values.poll_user_answer_allowed,
    },
  });
  const out: Record<string, FieldError> = {};
  if (errors.users) out.users = errors.users;
  if (errors['type_info.questions']) out.questions = errors['type_info.questions'];
  return out;
}

/**
 * The announce add/edit page: content, type and poll, delivery, recipients.
 * Only a new announce is edited (a started one is shown read-only).
 */
export const announceForm: EntityFormDefinition<AnnounceValues, Announce> = {
  empty: () => ({
    name: '',
    description: '',
    subject: '',
    body: '',
    type: ANNOUNCE_DEFAULTS.type,
    questions: ['', ''],
    poll_multi_answers_allowed: false,
    poll_user_answer_allowed: false,
    send_via: ANNOUNCE_DEFAULTS.send_via,
    use_owner_info: false,
    users: [],
    domains: [],
    execute_at: '',
  }),
  fromItem: (a) => ({
    name: a.name,
    description: a.description ?? '',
    subject: a.subject,
    body: a.body,
    type: a.type,
    questions: a.type === 'poll' ? a.type_info.questions : ['', ''],
    poll_multi_answers_allowed: a.type_info.poll_multi_answers_allowed,
    poll_user_answer_allowed: a.type_info.poll_user_answer_allowed,
    send_via: a.send_via,
    use_owner_info: a.use_owner_info,
    users: a.users,
    domains: a.domains,
    execute_at: toLocalInput(a.execute_at),
  }),
  kinds: {
    name: 'requiredText',
    description: 'text',
    subject: 'requiredText',
    body: 'requiredText',
    type: 'raw',
    questions: 'raw',
    poll_multi_answers_allowed: 'raw',
    poll_user_answer_allowed: 'raw',
    send_via: 'raw',
    use_owner_info: 'raw',
    users: 'raw',
    domains: 'raw',
    execute_at: 'raw',
  },
  finish: (body) => {
    const {
      questions,
      poll_multi_answers_allowed: multi,
      poll_user_answer_allowed: custom,
      execute_at,
      users,
      domains,
      ...rest
    } = body;
    const poll = rest.type === 'poll';
    return {
      ...rest,
      users: ids(users),
      domains: ids(domains),
      execute_at: fromLocalInput(execute_at),
      type_info: {
        questions: poll ? (questions as string[]).map((q) => q.trim()) : [],
        poll_multi_answers_allowed: poll && multi === true,
        poll_user_answer_allowed: poll && custom === true,
      },
    };
  },
  schemas: { create: AnnounceCreateSchema, patch: AnnouncePatchSchema },
  check: (values) => ruleErrors(values),
  fieldOf: (path) => (path.startsWith('type_info') ? 'questions' : (path.split('.')[0] ?? path)),
  readOnlyItem: (a) => a.status !== 'new',
};
