import type { ChatMessage, Conversation } from '../../domain/chat/conversation';
import type { ChatMessageMetadataRecord } from '../../domain/chat/messages';

/**
 * A chat message as the UI shows it (spec §3 Chat message): the API's message, whose card metadata may come
 * from the device's copy with absent fields left out.
 */
export type ChatMessageView = Omit<ChatMessage, 'metadata'> & { metadata: ChatMessageMetadataRecord | null };

/** A conversation as the sidebar lists it (its creation time is not shown). */
export type ChatConversationView = Omit<Conversation, 'createdAt'>;
