import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { conversationTitleFrom, type ChatMessageMetadataRecord } from '../../../src/domain/chat/messages';
import type { Database, Transaction } from '../../db/client';
import { chatConversations, chatMessages } from '../../db/schema';
import type { EventBus } from '../../events';
import { badUserInput } from '../errors';
import { createConversation, findConversation, historyBefore } from './conversations';
import { toMessageModel, type MessageModel, type MessageRow } from './model';
import type { SendInput } from './validation';

/** Earlier messages an assistant reply may take into account. */
export const REPLY_HISTORY_MESSAGES = 20;

export interface AssistantRequest {
  userId: string;
  conversationId: string;
  text: string;
  attachments: MessageModel['attachments'];
  /** Earlier messages of the conversation, oldest first. */
  history: MessageModel[];
  /** Streams reply text as it is produced. */
  onText: (delta: string) => void;
}

export interface AssistantReply {
  content: string;
  metadata: ChatMessageMetadataRecord | null;
}

export interface Assistant {
  reply(request: AssistantRequest): Promise<AssistantReply>;
}

export interface SendResult {
  success: boolean;
  messageId: string;
  response: string;
  conversationId: string;
  message: MessageModel;
  reply: MessageModel;
}

export interface SendDependencies {
  db: Database;
  /** Called in the transaction that stores a new user message (not a replay): throws to refuse it. */
  admitMessage?: (tx: Transaction, userId: string) => Promise<void>;
  events: EventBus;
  assistant: Assistant;
  log: { error(details: object, message: string): void };
}

/** Stores the user's message (its id is the idempotency key) in its conversation, creating that when needed. */
async function storeUserMessage(
  { db, admitMessage }: Pick<SendDependencies, 'db' | 'admitMessage'>,
  userId: string,
  input: SendInput,
  messageId: string,
): Promise<MessageRow> {
  return db.transaction(async (tx) => {
    const [replay] = await tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.id, messageId));
    if (!replay) await admitMessage?.(tx, userId);
    const conversation =
      (input.conversationId && (await findConversation(tx, userId, input.conversationId))) ||
      (await createConversation(tx, userId, { id: input.conversationId, title: conversationTitleFrom(input.content) }));
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        id: messageId,
        conversationId: conversation.id,
        userId,
        type: 'user',
        content: input.content,
        attachments: input.attachments,
        status: 'sent',
        isRead: true,
      })
      .onConflictDoNothing({ target: chatMessages.id })
      .returning();
    if (!inserted) {
      const [existing] = await tx.select().from(chatMessages).where(eq(chatMessages.id, messageId));
      if (!existing || existing.userId !== userId || existing.type !== 'user') {
        throw badUserInput('id: this message id is already in use');
      }
      return existing;
    }
    // Sending in a conversation means its earlier replies have been seen.
    await tx
      .update(chatMessages)
      .set({ isRead: true })
      .where(and(eq(chatMessages.conversationId, conversation.id), ne(chatMessages.id, messageId)));
    await tx.update(chatConversations).set({ updatedAt: new Date() }).where(eq(chatConversations.id, conversation.id));
    return inserted;
  });
}

async function findReply(db: Database, messageId: string): Promise<MessageRow | undefined> {
  const [reply] = await db.select().from(chatMessages).where(eq(chatMessages.replyTo, messageId));
  return reply;
}

const FAILED_REPLY = 'Sorry, I could not answer that just now. Your message is saved; please try again in a moment.';

/**
 * Sends a user message and answers it. A replay (same message id) returns the stored message and reply and
 * writes nothing new; a replay after a reply was lost produces exactly one reply (reply_to is unique).
 * The reply streams to `chatMessages` subscribers while it is produced.
 */
export async function sendChatMessage(
  { db, events, assistant, log, admitMessage }: SendDependencies,
  userId: string,
  input: SendInput,
): Promise<SendResult> {
  const messageId = input.id ?? randomUUID();
  const userRow = await storeUserMessage({ db, admitMessage }, userId, input, messageId);
  const conversationId = userRow.conversationId;
  const result = (reply: MessageRow): SendResult => ({
    success: true,
    messageId,
    response: reply.content,
    conversationId,
    message: toMessageModel(userRow),
    reply: toMessageModel(reply),
  });

  const stored = await findReply(db, messageId);
  if (stored) return result(stored);

  const replyId = randomUUID();
  const publish = (delta: string, message: MessageModel | null) =>
    events.publish('chatMessage', userId, {
      conversationId,
      messageId: replyId,
      replyTo: messageId,
      delta,
      message,
      done: message !== null,
    });

  let answer: AssistantReply;
  try {
    answer = await assistant.reply({
      userId,
      conversationId,
      text: userRow.content,
      attachments: userRow.attachments,
      history: await historyBefore(db, conversationId, userRow.seq, REPLY_HISTORY_MESSAGES),
      onText: (delta) => publish(delta, null),
    });
  } catch (error) {
    log.error({ err: error }, 'assistant reply failed');
    answer = { content: FAILED_REPLY, metadata: { alertType: 'error', description: 'The assistant is unavailable.' } };
    publish(answer.content, null);
  }

  const [inserted] = await db
    .insert(chatMessages)
    .values({
      id: replyId,
      conversationId,
      userId,
      type: 'assistant',
      content: answer.content,
      metadata: answer.metadata,
      status: 'sent',
      replyTo: messageId,
    })
    .onConflictDoNothing({ target: chatMessages.replyTo })
    .returning();
  const reply = inserted ?? (await findReply(db, messageId));
  if (!reply) throw new Error(`reply to ${messageId} was neither stored nor found`);
  await db.update(chatConversations).set({ updatedAt: new Date() }).where(eq(chatConversations.id, conversationId));
  if (inserted) publish('', toMessageModel(reply));
  return result(reply);
}
