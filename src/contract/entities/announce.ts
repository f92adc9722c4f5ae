import * as v from 'valibot';
import { ANNOUNCE_DEFAULTS, COMMUNICATIONS } from '../constants';
import { defineEntity } from '../entity';
import { listAnswer } from '../filters';
import { idList } from '../ids';

/**
 * Announcements (sections 3, 4 and 7.6): information or a poll sent to users
 * and groups by e-mail or push, started now or at `execute_at`, stopped at will.
 * Each recipient gets a token: the poll is answered at /announce/:token.
 */
export const ANNOUNCE_TYPES = ['info', 'poll'] as const;
export type AnnounceType = (typeof ANNOUNCE_TYPES)[number];
/** Section 4: an announce can be started and stopped; it is `new` until then. */
export const ANNOUNCE_STATUSES = ['new', 'started', 'stopped'] as const;
export type AnnounceStatus = (typeof ANNOUNCE_STATUSES)[number];
export const ANNOUNCE_SEND_VIA = ['email', 'push'] as const;
export type AnnounceSendVia = (typeof ANNOUNCE_SEND_VIA)[number];

const ref = v.object({ id: v.number(), name: v.string() });

/** type_info of section 3. `questions` are the poll's answer options, chosen by index. */
export const AnnounceTypeInfoSchema = v.object({
  questions: v.array(v.string()),
  poll_multi_answers_allowed: v.boolean(),
  poll_user_answer_allowed: v.boolean(),
});
export type AnnounceTypeInfo = v.InferOutput<typeof AnnounceTypeInfoSchema>;

export const AnnounceSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  subject: v.string(),
  type: v.picklist(ANNOUNCE_TYPES),
  status: v.picklist(ANNOUNCE_STATUSES),
  type_info: AnnounceTypeInfoSchema,
  send_via: v.picklist(ANNOUNCE_SEND_VIA),
  body: v.string(),
  /** Show the author's name and e-mail to recipients. */
  use_owner_info: v.boolean(),
  users: v.array(ref),
  domains: v.array(ref),
  /** When the scheduler starts it (ISO), or null to start by hand. */
  execute_at: v.nullable(v.string()),
  started_at: v.nullable(v.string()),
  stopped_at: v.nullable(v.string()),
  /** Users it was delivered to, and how many of them answered (polls). */
  recipients_count: v.number(),
  responses_count: v.number(),
  /** The caller's own token when the announce was delivered to them (opens /announce/:token). */
  token: v.nullable(v.string()),
  created_by: v.nullable(ref),
  created_at: v.string(),
  updated_at: v.string(),
});
export type Announce = v.InferOutput<typeof AnnounceSchema>;

const question = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(COMMUNICATIONS.pollQuestionMaxLength));
const ids = idList();

export const AnnounceTypeInfoInputSchema = v.object({
  questions: v.optional(v.pipe(v.array(question), v.maxLength(COMMUNICATIONS.pollMaxQuestions)), []),
  poll_multi_answers_allowed: v.optional(v.boolean(), false),
  poll_user_answer_allowed: v.optional(v.boolean(), false),
});

const fields = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(COMMUNICATIONS.subjectMaxLength)),
  description: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(1_000))), null),
  subject: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(COMMUNICATIONS.subjectMaxLength)),
  type: v.optional(v.picklist(ANNOUNCE_TYPES), ANNOUNCE_DEFAULTS.type),
  type_info: v.optional(AnnounceTypeInfoInputSchema, {}),
  send_via: v.optional(v.picklist(ANNOUNCE_SEND_VIA), ANNOUNCE_DEFAULTS.send_via),
  body: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(COMMUNICATIONS.announceBodyMaxLength)),
  use_owner_info: v.optional(v.boolean(), false),
  users: v.optional(ids, []),
  domains: v.optional(ids, []),
  execute_at: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp())), null),
};

/** Section 5 as data: what makes an announce incomplete, keyed by the field that shows it. */
export function announceRuleErrors(a: {
  type: AnnounceType;
  users: readonly unknown[];
  domains: readonly unknown[];
  type_info: { questions: readonly unknown[]; poll_user_answer_allowed: boolean };
}): Record<string, { code: string }> {
  const errors: Record<string, { code: string }> = {};
  if (a.users.length === 0 && a.domains.length === 0) errors.users = { code: 'recipients_required' };
  if (a.type === 'poll' && a.type_info.questions.length === 0 && !a.type_info.poll_user_answer_allowed) {
    errors['type_info.questions'] = { code: 'poll_answer_required' };
  }
  return errors;
}

/** PUT /announces. Recipients and poll answers are checked as section 5 says (announceRuleErrors). */
export const AnnounceCreateSchema = v.pipe(
  v.object(fields),
  v.forward(
    v.check((a) => !announceRuleErrors(a).users, 'recipients_required'),
    ['users'],
  ),
  v.forward(
    v.check((a) => !announceRuleErrors(a)['type_info.questions'], 'poll_answer_required'),
    ['type_info', 'questions'],
  ),
);
export type AnnounceCreate = v.InferOutput<typeof AnnounceCreateSchema>;

/** PATCH /announces/{id}: any field; the server checks section 5 on the merged announce. */
export const AnnouncePatchSchema = v.partial(v.object(fields));
export type AnnouncePatch = v.InferOutput<typeof AnnouncePatchSchema>;

export const announcesEntity = defineEntity({
  name: 'announces',
  path: '/announces',
  access: {
    view: ['announces.view', 'announces.view_all'],
    create: ['announces.create'],
    edit: ['announces.edit'],
    delete: ['announces.delete'],
  },
  item: AnnounceSchema,
  create: AnnounceCreateSchema,
  patch: AnnouncePatchSchema,
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    name: { kind: 'text', sortable: true, filterable: true },
    subject: { kind: 'text', sortable: true, filterable: true },
    type: { kind: 'enum', sortable: true, filterable: true },
    status: { kind: 'enum', sortable: true, filterable: true },
    send_via: { kind: 'enum', sortable: true, filterable: true },
    execute_at: { kind: 'date', sortable: true, filterable: true },
    started_at: { kind: 'date', sortable: true, filterable: true },
    created_at: { kind: 'date', sortable: true, filterable: true },
    users: { kind: 'relation', filterable: true },
    domains: { kind: 'relation', filterable: true },
  },
  search: ['name', 'subject'],
  with: [],
  defaultSort: ['-created_at'],
});
export const AnnounceListSchema = listAnswer(AnnounceSchema);

/** What a recipient sees at /announce/:token. */
export const AnnounceByTokenSchema = v.object({
  token: v.string(),
  name: v.string(),
  subject: v.string(),
  body: v.string(),
  type: v.picklist(ANNOUNCE_TYPES),
  status: v.picklist(ANNOUNCE_STATUSES),
  type_info: AnnounceTypeInfoSchema,
  /** The author, when the announce shows owner info. */
  owner: v.nullable(v.object({ name: v.string(), email: v.nullable(v.string()) })),
  started_at: v.nullable(v.string()),
  /** The caller's answer so far (polls). */
  response: v.nullable(
    v.object({
      answers: v.array(v.number()),
      custom_answer: v.nullable(v.string()),
      answered_at: v.string(),
    }),
  ),
});
export type AnnounceByToken = v.InferOutput<typeof AnnounceByTokenSchema>;

/** Section 5: a poll answer needs answers or a custom response. */
export function pollAnswerErrors(answer: { answers: readonly number[]; custom_answer: string | null }) {
  const hasCustom = (answer.custom_answer ?? '').trim() !== '';
  return answer.answers.length === 0 && !hasCustom
    ? { answers: { code: 'poll_answer_required' } }
    : ({} as Record<string, { code: string }>);
}

/** POST /announces/response: the poll answered by token (answer indices, and the custom answer). */
export const AnnounceResponseCreateSchema = v.pipe(
  v.object({
    token: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    answers: v.optional(v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), v.maxLength(100)), []),
    custom_answer: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(COMMUNICATIONS.customAnswerMaxLength))),
      null,
    ),
  }),
  v.forward(
    v.check((a) => !pollAnswerErrors(a).answers, 'poll_answer_required'),
    ['answers'],
  ),
);
export type AnnounceResponseCreate = v.InferOutput<typeof AnnounceResponseCreateSchema>;

/** A row of /announces/response: one recipient's answer. */
export const AnnounceResponseSchema = v.object({
  id: v.number(),
  announce: ref,
  user: v.object({ id: v.number(), name: v.string(), email: v.nullable(v.string()) }),
  answers: v.array(v.number()),
  /** The chosen options as text, in order. */
  answer_texts: v.array(v.string()),
  custom_answer: v.nullable(v.string()),
  answered_at: v.string(),
});
export type AnnounceResponse = v.InferOutput<typeof AnnounceResponseSchema>;

export const announceResponsesEntity = defineEntity({
  name: 'announce_responses',
  path: '/announces/responses',
  listOnly: true,
  access: { view: ['announces.view', 'announces.view_all'] },
  item: AnnounceResponseSchema,
  create: v.object({}),
  patch: v.object({}),
  fields: {
    id: { kind: 'number', sortable: true, filterable: true },
    announce: { kind: 'relation', filterable: true },
    user: { kind: 'relation', filterable: true },
    answered_at: { kind: 'date', sortable: true, filterable: true },
    announce_name: { kind: 'text', sortable: true, filterable: true },
    user_name: { kind: 'text', sortable: true, filterable: true },
    custom_answer: { kind: 'text', filterable: true },
  },
  search: ['announce_name', 'user_name', 'custom_answer'],
  with: [],
  defaultSort: ['-answered_at'],
  exportable: true,
});
