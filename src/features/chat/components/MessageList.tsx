import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ComponentProps } from 'react';
import type { ChatMessageView } from '../types';
import { MessageBubble } from './MessageBubble';
import { TypingIndicator } from './TypingIndicator';

type BubbleProps = Omit<ComponentProps<typeof MessageBubble>, 'message'>;

interface MessageListProps extends BubbleProps {
  messages: ChatMessageView[];
  typing: boolean;
  /** Text of the reply streaming in, shown before it is stored. */
  streaming: string | null;
}

/** The conversation, newest at the bottom, kept scrolled to the end as messages arrive. */
export function MessageList({ messages, typing, streaming, ...bubble }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, typing, streaming]);

  return (
    <Box flex="1" overflowY="auto" px="3" py="3" data-testid="chat-messages" aria-live="polite">
      {messages.length === 0 && !typing ? (
        <Stack gap="2" color="fg.muted" textStyle="sm" py="6" px="2">
          <Text fontWeight="semibold" color="fg">
            Ask about the market or your portfolio
          </Text>
          <Text>Try “How is Apple doing?”, /analyze AAPL, /buy AAPL 5 or /help.</Text>
        </Stack>
      ) : null}
      <Stack gap="3">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} {...bubble} />
        ))}
        {streaming ? (
          <MessageBubble
            message={{
              id: 'streaming',
              conversationId: '',
              content: streaming,
              type: 'assistant',
              timestamp: new Date().toISOString(),
              status: 'sending',
              attachments: [],
              metadata: null,
              isRead: true,
            }}
          />
        ) : null}
        {typing && !streaming ? <TypingIndicator /> : null}
      </Stack>
      <div ref={end} />
    </Box>
  );
}
