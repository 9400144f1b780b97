import type {
  ChatAttachmentRecord,
  ChatMessageMetadataRecord,
  ChatMessageStatus,
  ChatMessageType,
} from '../../domain/chat/messages';

/** A chat message as the UI shows it (spec §3 Chat message). */
export interface ChatMessageView {
  id: string;
  conversationId: string;
  content: string;
  type: ChatMessageType;
  /** ISO date-time */
  timestamp: string;
  status: ChatMessageStatus;
  attachments: ChatAttachmentRecord[];
  metadata: ChatMessageMetadataRecord | null;
  isRead: boolean;
}

export interface ChatConversationView {
  id: string;
  title: string;
  lastMessage: string | null;
  lastMessageTime: string | null;
  unreadCount: number;
  updatedAt: string;
}
