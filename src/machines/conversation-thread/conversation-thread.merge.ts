import type { ConversationMessage } from '../../contract/entities/conversation';

/** Messages of both lists, each once (by id), oldest first. */
export function mergeMessages(
  current: readonly ConversationMessage[],
  incoming: readonly ConversationMessage[],
): ConversationMessage[] {
  const byId = new Map<number, ConversationMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) =>
    a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
  );
}
