import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { chatConversations, chatMessages } from '../../db/schema';
import { notFound } from '../errors';
import { toMessageModel, type ConversationModel, type MessageModel } from './model';

/** Messages a conversation shows at most (the newest; oldest first). */
export const CONVERSATION_MESSAGE_LIMIT = 500;
const DEFAULT_TITLE = 'New conversation';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const lastMessage = sql<
  string | null
>`(select m.content from chat_messages m where m.conversation_id = "chat_conversations"."id" order by m.seq desc limit 1)`;
const lastMessageTime = sql<
  Date | string | null
>`(select m.created_at from chat_messages m where m.conversation_id = "chat_conversations"."id" order by m.seq desc limit 1)`;
const unreadCount = sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = "chat_conversations"."id" and m.type = 'assistant' and not m.is_read)`;

const conversationColumns = {
  id: chatConversations.id,
  userId: chatConversations.userId,
  title: chatConversations.title,
  createdAt: chatConversations.createdAt,
  updatedAt: chatConversations.updatedAt,
  lastMessage,
  lastMessageTime,
  unreadCount,
};

type ConversationRow = {
  id: string;
  userId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  lastMessage: string | null;
  lastMessageTime: Date | string | null;
  unreadCount: number;
};

function toModel(row: ConversationRow): ConversationModel {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageTime: row.lastMessageTime === null ? null : new Date(row.lastMessageTime).toISOString(),
    unreadCount: Number(row.unreadCount),
  };
}

export async function listConversations(db: Database, userId: string, limit: number): Promise<ConversationModel[]> {
  const rows = await db
    .select(conversationColumns)
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(limit);
  return rows.map(toModel);
}

/** The user's conversation, or null when there is none with that id (or it is another user's). */
export async function findConversation(db: Executor, userId: string, id: string): Promise<ConversationModel | null> {
  const [row] = await db
    .select(conversationColumns)
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)));
  return row ? toModel(row) : null;
}

export async function requireConversation(db: Executor, userId: string, id: string): Promise<ConversationModel> {
  const conversation = await findConversation(db, userId, id);
  if (!conversation) throw notFound('conversation');
  return conversation;
}

/**
 * Creates a conversation; with a client id, creating it again returns the first one. An id that belongs to
 * another user is refused as not found (nothing is revealed about it).
 */
export async function createConversation(
  db: Executor,
  userId: string,
  input: { id?: string; title?: string },
): Promise<ConversationModel> {
  const title = input.title?.trim() || DEFAULT_TITLE;
  const [created] = await db
    .insert(chatConversations)
    .values({ ...(input.id && { id: input.id }), userId, title })
    .onConflictDoNothing({ target: chatConversations.id })
    .returning({ id: chatConversations.id });
  const id = created?.id ?? input.id;
  if (!id) throw new Error('conversation was not created');
  return requireConversation(db, userId, id);
}

export async function conversationMessages(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<MessageModel[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId)))
    .orderBy(desc(chatMessages.seq))
    .limit(CONVERSATION_MESSAGE_LIMIT);
  return rows.reverse().map(toMessageModel);
}

/** Deletes every message of the user's conversation (the conversation stays). */
export async function clearConversation(db: Database, userId: string, conversationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireConversation(tx, userId, conversationId);
    await tx.delete(chatMessages).where(eq(chatMessages.conversationId, conversationId));
    await tx.update(chatConversations).set({ updatedAt: new Date() }).where(eq(chatConversations.id, conversationId));
  });
}

export async function markConversationRead(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<ConversationModel> {
  await requireConversation(db, userId, conversationId);
  await db
    .update(chatMessages)
    .set({ isRead: true })
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.isRead, false)));
  return requireConversation(db, userId, conversationId);
}

/** Messages before `seq` in a conversation, oldest first: the history an assistant reply may use. */
export async function historyBefore(
  db: Database,
  conversationId: string,
  seq: number,
  limit: number,
): Promise<MessageModel[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), sql`${chatMessages.seq} < ${seq}`))
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  return rows.reverse().map(toMessageModel);
}
