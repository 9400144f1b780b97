import { filter, pipe } from 'graphql-yoga';
import type { ChatStreamEvent } from '../../../src/domain/chat/conversation';
import type {
  ChatConversationResolvers,
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
} from '../generated/resolvers';

export const chatQueries: Pick<QueryResolvers, 'conversations' | 'conversation'> = {
  conversations: (_parent, { limit }, { user, services }) => services.chat.conversations(user.id, limit),
  conversation: (_parent, { id }, { user, services }) => services.chat.conversation(user.id, id),
};

export const chatMutations: Pick<
  MutationResolvers,
  | 'sendChatMessage'
  | 'sendMessage'
  | 'createChatConversation'
  | 'createConversation'
  | 'markConversationRead'
  | 'clearChatConversation'
> = {
  // Both count against the user's message rate limit (checked as the message is stored).
  sendChatMessage: (_parent, args, { user, services }) => services.chat.send(user.id, args),
  sendMessage: (_parent, { input }, { user, services }) => services.chat.send(user.id, input),
  createChatConversation: async (_parent, args, { user, services }) => {
    const conversation = await services.chat.create(user.id, args);
    return { success: true, conversationId: conversation.id, conversation };
  },
  createConversation: (_parent, args, { user, services }) => services.chat.create(user.id, args),
  markConversationRead: (_parent, { conversationId }, { user, services }) =>
    services.chat.markRead(user.id, conversationId),
  clearChatConversation: async (_parent, { conversationId }, { user, services }) => {
    await services.chat.clear(user.id, conversationId);
    return { success: true };
  },
};

export const chatSubscriptions: Pick<SubscriptionResolvers, 'chatMessages'> = {
  chatMessages: {
    subscribe: (_parent, { conversationId }, { user, services }) =>
      pipe(
        services.events.subscribe('chatMessage', user.id),
        filter((event: ChatStreamEvent) => !conversationId || event.conversationId === conversationId),
      ),
    resolve: (event: ChatStreamEvent) => event,
  },
};

export const chatConversationFields: ChatConversationResolvers = {
  messages: (conversation, _args, { user, services }) => services.chat.messages(user.id, conversation.id),
};
