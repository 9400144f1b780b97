import { PAGE_SIZE } from '../../../src/domain/constants';
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import { badUserInput } from '../errors';
import { createAssistant } from './assistant';
import type { AssistantPorts } from './assistant/ports';
import {
  clearConversation,
  conversationMessages,
  createConversation,
  findConversation,
  listConversations,
  markConversationRead,
} from './conversations';
import type { LlmClient } from './llm/chatCompletions';
import { sendChatMessage, type SendDependencies } from './send';
import { parseConversationInput, parseId, parseSendInput } from './validation';

export { createAssistantPorts, type AssistantPortDependencies } from './assistant/createPorts';
export { createPerformancePort } from './assistant/performancePort';
export type { AssistantPorts } from './assistant/ports';
export { createChatCompletionsClient, LlmError, type LlmClient } from './llm/chatCompletions';
export type { ConversationModel, MessageModel } from './model';

/** Most conversations one query lists. */
export const MAX_CONVERSATIONS_LIMIT = PAGE_SIZE.conversations * 2;

export interface ChatServiceDependencies {
  db: Database;
  events: EventBus;
  ports: AssistantPorts;
  /** The configured language model, or null for the built-in rule-based assistant. */
  llm: LlmClient | null;
  log: { error(details: object, message: string): void };
  /** Refuses a message over the user's rate limit, in the transaction that stores it (services/rateLimits.ts). */
  admitMessage?: SendDependencies['admitMessage'];
}

function parseLimit(limit: number | null | undefined): number {
  const value = limit ?? PAGE_SIZE.conversations;
  if (!Number.isInteger(value) || value < 1 || value > MAX_CONVERSATIONS_LIMIT) {
    throw badUserInput(`limit: expected an integer from 1 to ${MAX_CONVERSATIONS_LIMIT}`);
  }
  return value;
}

/** The assistant's conversations and messages, every call scoped to the user; inputs validated first. */
export function createChatService({ db, events, ports, llm, log, admitMessage }: ChatServiceDependencies) {
  const assistant = createAssistant(ports, llm);
  return {
    llmConfigured: llm !== null,
    conversations: (userId: string, limit?: number | null) => listConversations(db, userId, parseLimit(limit)),
    conversation: (userId: string, id: unknown) => findConversation(db, userId, parseId(id)),
    messages: (userId: string, conversationId: string) => conversationMessages(db, userId, conversationId),
    create: (userId: string, input: Record<string, unknown>) =>
      createConversation(db, userId, parseConversationInput(input)),
    clear: (userId: string, conversationId: unknown) =>
      clearConversation(db, userId, parseId(conversationId, 'conversationId')),
    markRead: (userId: string, conversationId: unknown) =>
      markConversationRead(db, userId, parseId(conversationId, 'conversationId')),
    send: (userId: string, input: Record<string, unknown>) =>
      sendChatMessage({ db, events, assistant, log, admitMessage }, userId, parseSendInput(input)),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
