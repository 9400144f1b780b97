import { Flex } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { isFocusInputShortcut } from '../../../domain/chat/panel';
import { parseSlashCommand } from '../../../domain/chat/slashCommands';
import { useIsDesktop } from '../../../lib/useMediaQuery';
import { downloadConversation } from '../exportConversation';
import { chatPanel, useChatPanel } from '../panelStore';
import type { ChatController } from '../useChat';
import { useChat } from '../useChat';
import { ChatChartCard } from './ChatChartCard';
import { ChatFrame } from './ChatFrame';
import { connectionDisplay } from './ConnectionIndicator';
import { ChatInput, type ChatInputHandle } from './ChatInput';
import { ChatTradingCard } from './ChatTradingCard';
import { ConversationSidebar } from './ConversationSidebar';
import { MessageList } from './MessageList';

/** Instant feedback while typing a command: the parser's error for a complete-looking command line. */
function commandFeedback(text: string): string | null {
  if (!text.startsWith('/') || !/\s\S/.test(text)) return null;
  const parsed = parseSlashCommand(text);
  return parsed.type === 'error' && !parsed.message.startsWith('Unknown command') ? parsed.message : null;
}

function Conversation({ chat, input }: { chat: ChatController; input: React.RefObject<ChatInputHandle | null> }) {
  return (
    <>
      <MessageList
        messages={chat.messages}
        typing={chat.isTyping}
        streaming={chat.streaming}
        onRetry={chat.retry}
        renderTrading={(message) => <ChatTradingCard message={message} />}
        renderChart={(message) => <ChatChartCard message={message} />}
      />
      <ChatInput ref={input} onSend={chat.send} feedback={commandFeedback} />
    </>
  );
}

/** The open panel's content: header, conversation (and the conversation sidebar in the full view), input. */
export function ChatBody() {
  const panel = useChatPanel();
  const chat = useChat();
  const input = useRef<ChatInputHandle>(null);
  const isDesktop = useIsDesktop();
  const expanded = panel.expanded && isDesktop;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isFocusInputShortcut(event)) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => input.current?.focus(), []);

  const title = chat.conversations.find((conversation) => conversation.id === chat.activeConversationId)?.title;
  return (
    <ChatFrame
      title={title ?? 'AI Trading Assistant'}
      connection={connectionDisplay(chat.isConnected, chat.isReconnecting)}
      expanded={expanded}
      onExpand={chatPanel.setExpanded}
      onClose={chatPanel.close}
      onNewConversation={() => void chat.newConversation()}
      onClear={() => void chat.clear()}
      onExport={(format) =>
        chat.activeConversationId && downloadConversation(chat.activeConversationId, chat.messages, format)
      }
    >
      {expanded ? (
        <Flex flex="1" minH="0">
          <ConversationSidebar
            conversations={chat.conversations}
            activeId={chat.activeConversationId}
            onSelect={chat.select}
            onNew={() => void chat.newConversation()}
          />
          <Flex direction="column" flex="1" minW="0" minH="0">
            <Conversation chat={chat} input={input} />
          </Flex>
        </Flex>
      ) : (
        <Conversation chat={chat} input={input} />
      )}
    </ChatFrame>
  );
}
