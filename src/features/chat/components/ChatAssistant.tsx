import { Box, Flex, IconButton } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuSparkles } from 'react-icons/lu';
import { ErrorBoundary } from '../../../components/errors/ErrorBoundary';
import { parseSlashCommand } from '../../../domain/chat/slashCommands';
import { isChatShortcut, isFocusInputShortcut } from '../../../domain/chat/panel';
import { useIsDesktop } from '../../../lib/useMediaQuery';
import { downloadConversation } from '../exportConversation';
import { chatPanel, useChatPanel } from '../panelStore';
import type { ChatController } from '../useChat';
import { useChat } from '../useChat';
import { ChatErrorFallback } from './ChatErrorFallback';
import { ChatFrame } from './ChatFrame';
import { ChatInput, type ChatInputHandle } from './ChatInput';
import { ChatTradingCard } from './ChatTradingCard';
import { ConversationSidebar } from './ConversationSidebar';
import { MessageList } from './MessageList';
import { ResizeHandle } from './ResizeHandle';
import { ChatChartCard } from './ChatChartCard';

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

function ChatBody() {
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
      connected={chat.isConnected}
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

/**
 * The AI assistant (spec §2): an edge tab and Ctrl/Cmd+Shift+A open a right-hand overlay panel, resizable
 * by its left edge (remembered with its open state); the full view adds the conversation sidebar.
 */
export function ChatAssistant() {
  const panel = useChatPanel();
  const isDesktop = useIsDesktop();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isChatShortcut(event)) {
        event.preventDefault();
        chatPanel.toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!panel.open) {
    return (
      <IconButton
        aria-label="Open AI assistant (Ctrl+Shift+A)"
        title="AI assistant (Ctrl/Cmd+Shift+A)"
        position="fixed"
        right="0"
        top="50%"
        transform="translateY(-50%)"
        borderEndRadius="0"
        size="sm"
        h="16"
        colorPalette="brand"
        zIndex="overlay"
        onClick={chatPanel.open}
        data-testid="chat-edge-tab"
      >
        <LuSparkles />
      </IconButton>
    );
  }

  const fullWindow = panel.expanded && isDesktop;
  return (
    <Box
      role="complementary"
      aria-label="AI assistant"
      position="fixed"
      top="0"
      right="0"
      bottom="0"
      w={fullWindow ? '100vw' : isDesktop ? `${panel.width}px` : '100vw'}
      maxW="100vw"
      borderLeftWidth="1px"
      boxShadow="2xl"
      bg="bg.panel"
      zIndex="modal"
      data-testid="chat-panel"
    >
      {isDesktop && !fullWindow ? <ResizeHandle width={panel.width} onResize={chatPanel.setWidth} /> : null}
      <ErrorBoundary fallback={(props) => <ChatErrorFallback {...props} />}>
        <ChatBody />
      </ErrorBoundary>
    </Box>
  );
}
