import { conversationCsv, conversationExportFileName, conversationJson } from '../../domain/chat/messages';
import { saveBlob } from '../../lib/saveFile';
import type { ChatMessageView } from './types';

/** Saves the conversation as JSON or CSV through a download (spec §3 Conversation export). */
export function downloadConversation(
  conversationId: string,
  messages: readonly ChatMessageView[],
  format: 'json' | 'csv',
) {
  const rows = messages.map(({ id, content, type, timestamp }) => ({ id, content, type, timestamp }));
  const body = format === 'json' ? conversationJson(conversationId, rows, new Date()) : conversationCsv(rows);
  const blob = new Blob([body], { type: format === 'json' ? 'application/json' : 'text/csv;charset=utf-8' });
  saveBlob(conversationExportFileName(conversationId, format), blob);
}
