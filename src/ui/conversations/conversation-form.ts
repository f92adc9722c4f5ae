import * as v from 'valibot';
import { type Conversation, ConversationCreateSchema } from '../../contract/entities/conversation';
import type { FieldError } from '../../contract/errors';
import type { EntityFormDefinition } from '../../machines/entity-form/entity-form.definition';
import type { ListRow } from '../../machines/entity-list/entity-list.machine';

export interface ConversationValues extends Record<string, unknown> {
  subject: string;
  /** The chosen recipient row (from the recipients picker). */
  interlocutor: ListRow | null;
  message: string;
}

/** A new conversation: subject, recipient, first message (PUT /conversations). */
export const conversationForm: EntityFormDefinition<ConversationValues, Conversation> = {
  empty: () => ({ subject: '', interlocutor: null, message: '' }),
  fromItem: (c) => ({ subject: c.subject, interlocutor: c.interlocutor, message: '' }),
  kinds: { subject: 'requiredText', interlocutor: 'raw', message: 'requiredText' },
  finish: (body) => ({ ...body, interlocutor: (body.interlocutor as ListRow | null)?.id ?? 0 }),
  schemas: { create: ConversationCreateSchema, patch: v.object({}) },
  check: (values): Record<string, FieldError> => (values.interlocutor ? {} : { interlocutor: { code: 'required' } }),
  successCode: { create: 'conversations:dialog.created' },
};
